package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The chat page end to end in headless Chromium (Debian's {@code chromium} and {@code
 * chromium-driver}; .ci/run installs them): sign in with the farmer's key, ask in Persian, see the
 * answer stream in right to left, a citation that opens, and the field's snapshot; the field's last
 * 7 days drawn as an inline SVG chart of soil moisture, rain and ET0. Screenshots go to {@code
 * target/screenshots/}.
 */
class ChatPageTest {

  private static final String FARMER_SENSOR = "550e8400-e29b-41d4-a716-446655440000";
  private static final Path SHOTS = Path.of("target/screenshots");
  private static final RunningSystem system = RunningSystem.shared();
  private static WebDriver browser;

  @BeforeAll
  static void open() throws Exception {
    Files.createDirectories(SHOTS);
    var options = new ChromeOptions();
    options.setBinary(binary("chromium", "/usr/bin/chromium"));
    options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--lang=fa");
    var service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(new File(binary("chromedriver", "/usr/bin/chromedriver")))
            .build();
    browser = new ChromeDriver(service, options);
    browser.manage().window().setSize(new Dimension(1280, 900));
  }

  @AfterAll
  static void close() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  void aFarmerSignsInAsksInPersianAndSeesTokensACitationAndTheSnapshot() throws Exception {
    // Given a fresh reading of the farmer's sensor
    String reading =
        "{\"ts\":\"%s\",\"soil_moisture\":17.5,\"temperature\":22.0,\"ph\":6.9,\"ec\":1.1}"
            .formatted(Instant.now());
    assertThat(Http.postReading(system.bridgeUrl(), FARMER_SENSOR, "dev-device-token", reading))
        .isEqualTo(202);

    // When the farmer opens the page and signs in with their key
    browser.get(system.gatewayUrl() + "/");
    var wait = new WebDriverWait(browser, Duration.ofSeconds(60));
    assertThat(browser.getTitle()).as(browser.getPageSource()).isEqualTo("CropLogic chat");
    new Select(browser.findElement(By.id("ui-lang"))).selectByValue("fa");
    browser.findElement(By.id("key")).sendKeys("dev-farmer-key", Keys.ENTER);
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("app")));
    assertThat(new Select(browser.findElement(By.id("sensor"))).getFirstSelectedOption().getText())
        .isEqualTo(FARMER_SENSOR);
    // the snapshot of the field, in Persian, with the fresh reading
    wait.until(d -> d.findElement(By.id("snapshot")).getText().contains("17.5"));
    shot("1-signed-in");

    // And asks in Persian
    browser.findElement(By.id("question")).sendKeys("آبیاری قطره‌ای چیست و رطوبت خاک من چقدر است؟");
    browser.findElement(By.id("question")).sendKeys(Keys.ENTER);

    // Then the answer streams in, right to left, with a citation that opens
    var answer = By.cssSelector("#messages .msg.assistant");
    wait.until(d -> !d.findElement(answer).findElement(By.className("text")).getText().isBlank());
    wait.until(d -> d.findElement(answer).getAttribute("class").contains("done"));
    var shown = browser.findElement(answer);
    assertThat(shown.getAttribute("dir")).isEqualTo("rtl");
    assertThat(shown.findElement(By.className("text")).getText()).contains("17.5");
    var citation = shown.findElement(By.cssSelector(".citations summary"));
    assertThat(citation.getText()).matches("\\[\\d+\\] .+");
    citation.click();
    assertThat(shown.findElement(By.cssSelector(".citations details")).getAttribute("open"))
        .isNotNull();
    shot("2-answered");

    // And on a phone's width the page still reads in one column
    browser.manage().window().setSize(new Dimension(390, 844));
    shot("3-phone");
    browser.manage().window().setSize(new Dimension(1280, 900));
  }

  @Test
  void theFieldCardDrawsTheLastSevenDaysOfSoilMoistureRainAndEt0() throws Exception {
    // Given a station beside the field with six days of records, 12.5 mm of rain yesterday
    var station = Stations.besideTheFarmersField(system, "page-" + System.nanoTime() % 100_000);
    for (int back = 6; back >= 1; back--) {
      assertThat(station.daily(back, back == 1 ? 12.5 : 0.5 * back, "")).isEqualTo(202);
    }
    String reading = "{\"ts\":\"%s\",\"soil_moisture\":19.5}".formatted(Instant.now());
    assertThat(Http.postReading(system.bridgeUrl(), FARMER_SENSOR, "dev-device-token", reading))
        .isEqualTo(202);

    // When the farmer opens the page in English
    var wait = openSignedIn("en");

    // Then the field card draws the week: yesterday's rain and ET0 as bars, today's moisture
    String yesterday = Stations.date(1);
    String rainBar = "#week-chart rect.rain[data-date='" + yesterday + "']";
    wait.until(
        d -> {
          // the page reads the snapshot when it opens: reopen until the station's week is in it
          if (d.findElements(By.cssSelector(rainBar)).isEmpty()) {
            new Select(d.findElement(By.id("ui-lang"))).selectByValue("fa");
            new Select(d.findElement(By.id("ui-lang"))).selectByValue("en");
            return false;
          }
          return true;
        });
    var chart = browser.findElement(By.id("week-chart"));
    assertThat(chart.getTagName()).isEqualTo("svg");
    assertThat(browser.findElements(By.cssSelector("#week-chart rect.et0"))).isNotEmpty();
    assertThat(browser.findElements(By.cssSelector("#week-chart .moisture-dot"))).isNotEmpty();
    var row = browser.findElement(By.cssSelector("#week-table tr[data-date='" + yesterday + "']"));
    assertThat(row.getAttribute("textContent")).contains("12.5");
    assertThat(browser.findElement(By.id("week")).getText())
        .contains("Rain (mm)")
        .contains("ET0 (mm)")
        .contains("Soil moisture (%)")
        .contains("Varamin farm " + station.id());
    assertThat(browser.findElements(By.cssSelector("script[src^='http']")))
        .as("nothing from a CDN")
        .isEmpty();
    ((org.openqa.selenium.JavascriptExecutor) browser)
        .executeScript("arguments[0].scrollIntoView({block: 'center'})", chart);
    shot("4-week");
  }

  @Test
  void anAnswerThatRestartsAfterItsInstanceDiedShowsOnlyTheNewAnswerWithANote() throws Exception {
    // Given llm-service played by a script: an instance that dies mid-answer, then another
    system.stopLlm();
    try (var llm = new ScriptedLlm(system.kafka.bootstrapServers()).joined()) {
      system.awaitGatewaySeesLlm();
      var wait = openSignedIn("fa");

      // When the farmer asks, and the first instance streams half an answer and a trace step
      String question = "پاسخی که از نو آغاز می‌شود؟";
      browser.findElement(By.id("question")).sendKeys(question, Keys.ENTER);
      var request = llm.await(q -> q.getMessage().equals(question), Duration.ofSeconds(30));
      llm.generation(request, "llm-dead-1@1000")
          .meta()
          .trace("first attempt's search")
          .token("نیمه‌ی ")
          .token("پاسخ اول");
      var answer = By.cssSelector("#messages .msg.assistant:last-child");
      wait.until(d -> d.findElement(answer).getText().contains("پاسخ اول"));
      shot("5-first-generation");
      // and the instance dies: another answers the request again, from its start
      llm.generation(request, "llm-alive-2@9000")
          .meta()
          .token("پاسخ ")
          .token("کامل دوم")
          .done("chat/second.md");

      // Then the page shows the second answer only, its own citation, and says it restarted
      wait.until(d -> d.findElement(answer).getAttribute("class").contains("done"));
      var shown = browser.findElement(answer);
      assertThat(shown.findElement(By.className("text")).getText()).isEqualTo("پاسخ کامل دوم");
      assertThat(shown.getText()).doesNotContain("پاسخ اول").doesNotContain("first attempt");
      assertThat(shown.findElements(By.cssSelector(".citations summary")))
          .extracting(WebElement::getText)
          .containsExactly("[1] chat/second.md");
      assertThat(shown.findElement(By.cssSelector(".restarted")).getText())
          .isEqualTo("سرویسی که پاسخ می‌داد متوقف شد؛ پاسخ از نو آغاز شد.");
      shot("6-restarted");
    } finally {
      system.restartLlm();
    }
  }

  @Test
  void aChatRefusedByADrainingGatewayIsAskedAgainAfterItsRetryAfter() throws Exception {
    var wait = openSignedIn("ar");
    // Given a gateway that refuses the next chat as one stopping in a rolling update does (the
    // page's fetch answered once by the browser itself with the gateway's 503, then the real one)
    ((org.openqa.selenium.JavascriptExecutor) browser)
        .executeScript(
            """
            const real = window.fetch;
            window.chatRefusals = 0;
            window.fetch = (path, options) => {
              if (path === "/api/rag/chat" && window.chatRefusals === 0) {
                window.chatRefusals++;
                return Promise.resolve(new Response(
                  JSON.stringify({ error: "draining",
                    message: "this gateway is stopping; ask again and another one answers" }),
                  { status: 503, headers: { "Retry-After": "2", "Content-Type": "application/json" } }));
              }
              return real(path, options);
            };""");

    // When the farmer asks
    browser.findElement(By.id("question")).sendKeys("ما هي رطوبة التربة في حقلي؟", Keys.ENTER);

    // Then the page says it asks again, in the farmer's language, and then shows the answer
    var answer = By.cssSelector("#messages .msg.assistant:last-child");
    wait.until(
        d ->
            !d.findElements(By.cssSelector("#messages .msg.assistant:last-child .busy")).isEmpty());
    assertThat(browser.findElement(answer).getText()).contains("سنسأل مجددًا بعد 2");
    wait.until(d -> d.findElement(answer).getAttribute("class").contains("done"));
    var shown = browser.findElement(answer);
    assertThat(shown.findElements(By.cssSelector(".error"))).isEmpty();
    assertThat(shown.findElements(By.cssSelector(".busy"))).isEmpty();
    assertThat(shown.findElement(By.className("text")).getText()).isNotBlank();
  }

  /** Opens the page in a language, signing in with the farmer's key unless this tab holds it. */
  private static WebDriverWait openSignedIn(String language) {
    browser.get(system.gatewayUrl() + "/");
    var wait = new WebDriverWait(browser, Duration.ofSeconds(60));
    new Select(browser.findElement(By.id("ui-lang"))).selectByValue(language);
    if (browser.findElement(By.id("signin")).isDisplayed()) {
      browser.findElement(By.id("key")).sendKeys("dev-farmer-key", Keys.ENTER);
    }
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("app")));
    return wait;
  }

  private static void shot(String name) throws Exception {
    File file = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
    Files.copy(
        file.toPath(),
        SHOTS.resolve("chat-page-" + name + ".png"),
        StandardCopyOption.REPLACE_EXISTING);
  }

  private static String binary(String name, String fallback) {
    for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, name))) {
        return Path.of(dir, name).toString();
      }
    }
    return fallback;
  }
}
