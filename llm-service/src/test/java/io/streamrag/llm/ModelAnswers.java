package io.streamrag.llm;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * llm-service in a test context without a web server, planning deterministically and never falling
 * back to an extractive answer, so every answer it streams is its model's: a fake the test starts
 * and registers ({@link ModelOnBroker}). A test adds its own settings with {@code
 * TestPropertySource}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(
    classes = LlmApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {
      LlmApplication.CONFIG_NAME,
      "llm.chat.planner=deterministic",
      "LLM_FALLBACK_TO_EXTRACTIVE=false"
    })
public @interface ModelAnswers {}
