package io.streamrag.llm;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.kit.guard.InputLengthGuardrail;
import io.streamrag.kit.guard.PlainTextGuardrail;
import io.streamrag.kit.kafka.InstanceReport;
import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.kit.kafka.RequestReply;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.llm.agentic.AgenticAnswerer;
import io.streamrag.llm.agentic.KnowledgeTool;
import io.streamrag.llm.config.ConfigSync;
import io.streamrag.llm.config.LiveConfig;
import io.streamrag.llm.evidence.DeterministicPlanner;
import io.streamrag.llm.evidence.EvidenceLoop;
import io.streamrag.llm.evidence.ModelPlanner;
import io.streamrag.llm.evidence.Planner;
import io.streamrag.llm.guard.AnswerGuard;
import io.streamrag.llm.guard.ModelJudge;
import io.streamrag.llm.memory.ConversationMemory;
import io.streamrag.llm.memory.ConversationStore;
import io.streamrag.llm.memory.TurnRecorder;
import io.streamrag.llm.prerun.GuardStep;
import io.streamrag.llm.prerun.PreRunChain;
import io.streamrag.llm.prerun.PreRunStep;
import io.streamrag.llm.prompt.PromptBuilder;
import io.streamrag.llm.provider.AnswerProvider;
import io.streamrag.llm.provider.openai.ProviderChain;
import io.streamrag.llm.retrieval.EvidenceRetrieval;
import io.streamrag.llm.retrieval.ModeSelection;
import io.streamrag.llm.rewrite.FollowUpRewrite;
import io.streamrag.llm.rewrite.KeyTermRewriter;
import io.streamrag.llm.rewrite.ModelRewriter;
import io.streamrag.llm.rewrite.QueryRewriter;
import io.streamrag.llm.stream.AnswerStreams;
import io.streamrag.llm.stream.TokenBatching;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.KnowledgeToolAnswered;
import java.time.Clock;
import java.util.ArrayList;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.requestreply.ReplyingKafkaTemplate;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Kafka handler (one call into the pipeline) and the pre-run chain; the provider: {@code
 * provider.ProviderWiring}; memory: {@code memory.MemoryWiring}.
 */
@Configuration(proxyBeanMethods = false)
class LlmWiring {

  /** An answer's CPU-bound steps before readiness (health {@code warmUp}). */
  @Bean
  LlmWarmUp llmWarmUp(ChatProperties chat) {
    return new LlmWarmUp(chat.relevanceThreshold(), chat.paraphraseSimilarity());
  }

  /** The answers' streams; held tokens are sent by the answers' timers. */
  @Bean
  AnswerStreams answerStreams(
      TopicWriter writer, ChatProperties chat, ThreadPoolTaskScheduler answerTimers) {
    return new AnswerStreams(
        writer,
        new TokenBatching(chat.tokenLinger(), chat.tokenMaxChars()),
        answerTimers,
        Clock.systemUTC(),
        InstanceReport.instanceId());
  }

  @Bean
  LlmSteps llmSteps(
      PreRunChain preRun,
      EvidenceRetrieval retrieval,
      AnswerProvider provider,
      AgenticAnswerer agentic,
      AnswerGuard guard,
      AnswerStreams streams,
      ChatProperties chat,
      MeterRegistry meters) {
    return new LlmSteps(
        preRun,
        retrieval,
        new PromptBuilder(),
        provider,
        agentic,
        guard,
        streams,
        chat.maxRequestAge(),
        meters,
        Clock.systemUTC());
  }

  /**
   * S0.2's order: injection guard (its layers: {@code guard.GuardWiring}), length guard, config
   * sync, then (memory, follow-up rewrite, retrieval mode) retrieval. The guard and memory are
   * advisors: each also acts on the answer (the guard while it streams, memory once it is done).
   */
  @Bean
  PreRunChain preRunChain(
      ChatProperties chat,
      AnswerGuard guard,
      ObjectProvider<ModelJudge> judge,
      LiveConfig live,
      ConversationStore conversations,
      TurnRecorder recorder,
      ThreadPoolTaskExecutor memoryReader,
      QueryRewriter rewriter,
      ProviderChain chain,
      EvidenceRetrieval retrieval,
      MeterRegistry meters) {
    var steps = new ArrayList<PreRunStep>();
    steps.add(guard);
    judge.ifAvailable(steps::add);
    steps.add(new GuardStep(new InputLengthGuardrail(chat.maxMessageChars())));
    steps.add(new GuardStep(new PlainTextGuardrail()));
    steps.add(new ConfigSync(live));
    steps.add(new ConversationMemory(conversations, recorder, memoryReader, Clock.systemUTC()));
    steps.add(new FollowUpRewrite(rewriter));
    steps.add(new ModeSelection(() -> chain.expected().map(e -> e.tools()).orElse(false)));
    steps.add(retrieval);
    return new PreRunChain(steps, meters);
  }

  /** Classic retrieval: the evidence loop over retrieval-service's context search (S3). */
  @Bean
  EvidenceRetrieval evidenceRetrieval(
      RequestClient<ContextRetrieved> retrieval, Planner planner, ChatProperties chat) {
    return new EvidenceRetrieval(
        retrieval, new EvidenceLoop(planner), chat.retrievalTimeout(), Clock.systemUTC());
  }

  /** Agentic retrieval: the model with the query_knowledge tool (S2). */
  @Bean
  AgenticAnswerer agenticAnswerer(
      ProviderChain chain,
      RequestClient<KnowledgeToolAnswered> knowledge,
      Planner planner,
      ChatProperties chat,
      JsonMapper json) {
    return new AgenticAnswerer(
        chain,
        new KnowledgeTool(knowledge, chat.retrievalTimeout(), Clock.systemUTC()),
        planner,
        json);
  }

  /**
   * The judgement of failure handling (S3): the model's when one is configured and {@code
   * llm.chat.planner} is {@code auto} or {@code model}, the rules' otherwise (and whenever the
   * model fails).
   */
  @Bean
  Planner planner(ChatProperties chat, ProviderChain chain, JsonMapper json) {
    var rules = new DeterministicPlanner(chat.relevanceThreshold(), chat.paraphraseSimilarity());
    boolean model =
        "model".equals(chat.planner()) || ("auto".equals(chat.planner()) && !chain.isEmpty());
    return model && !chain.isEmpty() ? new ModelPlanner(chain, rules, json) : rules;
  }

  /** Replies of retrieval-service to the model's tool calls; Spring runs their listener. */
  @Bean
  ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> knowledgeReplies(
      TopicReaders readers) {
    return RequestReply.template(readers, ChatTopics.KNOWLEDGE_REPLIES, "llm");
  }

  @Bean
  RequestClient<KnowledgeToolAnswered> knowledgeClient(
      @org.springframework.beans.factory.annotation.Qualifier("knowledgeReplies")
          ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> knowledgeReplies) {
    return new RequestClient<>(
        knowledgeReplies, ChatTopics.KNOWLEDGE_REQUESTS, KnowledgeToolAnswered.class);
  }

  /** The model rewrites follow-ups when one is configured; the word rule otherwise. */
  @Bean
  QueryRewriter queryRewriter(ProviderChain chain) {
    return chain.isEmpty()
        ? new KeyTermRewriter()
        : new ModelRewriter(chain, new KeyTermRewriter());
  }

  /** Replies of retrieval-service; Spring starts and stops its listener. */
  @Bean
  ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> retrievalReplies(
      TopicReaders readers) {
    return RequestReply.template(readers, ChatTopics.RETRIEVAL_REPLIES, "llm");
  }

  @Bean
  RequestClient<ContextRetrieved> retrievalClient(
      @org.springframework.beans.factory.annotation.Qualifier("retrievalReplies")
          ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> retrievalReplies) {
    return new RequestClient<>(
        retrievalReplies, ChatTopics.RETRIEVAL_REQUESTS, ContextRetrieved.class);
  }

  /** Ready once retrieval's replies, to context searches and tool calls, can reach this replica. */
  @Bean
  HealthIndicator retrievalRepliesHealthIndicator(
      RequestClient<ContextRetrieved> retrieval, RequestClient<KnowledgeToolAnswered> knowledge) {
    return () ->
        (retrieval.ready() && knowledge.ready() ? Health.up() : Health.outOfService()).build();
  }

  @Bean(destroyMethod = "close")
  LiveConfig liveConfig(TopicReaders readers, LlmProperties properties) {
    return new LiveConfig(readers, properties.startupTimeout());
  }
}
