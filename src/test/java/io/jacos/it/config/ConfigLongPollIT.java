package io.jacos.it.config;

import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The 1.x clients' long poll, raw: {@code Listening-Configs} lines, held until a change or its time is up,
 * answered with the changed configurations named as the client named them.
 */
@ExtendWith(SharedServer.class)
class ConfigLongPollIT {

    private static final String LISTENER = "/nacos/v1/cs/configs/listener";
    private static final String GROUP = "DEFAULT_GROUP";

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());

    private static String line(String dataId, String md5, String tenant) {
        return dataId + "\u0002" + GROUP + "\u0002" + md5 + (tenant == null ? "" : "\u0002" + tenant) + "\u0001";
    }

    private static String form(String lines) {
        return "Listening-Configs=" + URLEncoder.encode(lines, StandardCharsets.UTF_8);
    }

    private void publish(String dataId, String content, String tenant) {
        NacosHttp.Answer answer = http.call("POST", "/nacos/v1/cs/configs", Map.of(), tenant == null
                ? Map.of("dataId", dataId, "group", GROUP, "content", content)
                : Map.of("dataId", dataId, "group", GROUP, "content", content, "tenant", tenant));
        assertEquals(200, answer.status(), answer::toString);
    }

    private static String decoded(HttpResponse<String> answer) {
        return URLDecoder.decode(answer.body().trim(), StandardCharsets.UTF_8);
    }

    @Test
    void aStaleMd5IsAnsweredAtOnceInTheClientsOwnSpelling() throws Exception {
        String dataId = "poll-" + UUID.randomUUID();
        publish(dataId, "v=1", "dev-ns");
        HttpResponse<String> answer = ConfigHttp.post(SharedServer.serverAddr(), LISTENER,
                form(line(dataId, "stale", "dev-ns")), Map.of("Long-Pulling-Timeout", "30000"));
        assertEquals(200, answer.statusCode(), answer::body);
        assertEquals(dataId + "\u0002" + GROUP + "\u0002dev-ns\u0001", decoded(answer));
    }

    @Test
    void aHeldPollIsAnsweredWhenTheConfigurationChanges() throws Exception {
        String dataId = "poll-" + UUID.randomUUID();
        publish(dataId, "v=1", null);
        CompletableFuture<HttpResponse<String>> held = ConfigHttp.client().sendAsync(ConfigHttp.postRequest(
                SharedServer.serverAddr(), LISTENER, form(line(dataId, ConfigHttp.md5("v=1"), null)),
                Map.of("Long-Pulling-Timeout", "30000")), HttpResponse.BodyHandlers.ofString());
        assertFalse(completesWithin(held, Duration.ofMillis(1500)), "held while nothing changes");
        long published = System.nanoTime();
        publish(dataId, "v=2", null);
        HttpResponse<String> answer = held.get(10, TimeUnit.SECONDS);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - published);
        assertEquals(200, answer.statusCode());
        assertEquals(dataId + "\u0002" + GROUP + "\u0001", decoded(answer));
        assertTrue(millis < 5_000, "answered " + millis + " ms after the change");
    }

    @Test
    void noHangUpAnswersAtOnceAndAnUnchangedPollEndsEmptyWhenItsTimeIsUp() throws Exception {
        String dataId = "poll-" + UUID.randomUUID();
        publish(dataId, "v=1", null);
        String current = form(line(dataId, ConfigHttp.md5("v=1"), null));
        HttpResponse<String> noHangUp = ConfigHttp.post(SharedServer.serverAddr(), LISTENER, current,
                Map.of("Long-Pulling-Timeout", "30000", "Long-Pulling-Timeout-No-Hangup", "true"));
        assertEquals(200, noHangUp.statusCode());
        assertEquals("", noHangUp.body().trim());

        long start = System.nanoTime();
        HttpResponse<String> timedOut = ConfigHttp.post(SharedServer.serverAddr(), LISTENER, current,
                Map.of("Long-Pulling-Timeout", "10500"));
        long heldMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(200, timedOut.statusCode(), timedOut::body);
        assertEquals("", timedOut.body().trim());
        assertTrue(heldMillis >= 9_500, "held " + heldMillis + " ms of the 10 s asked");
    }

    @Test
    void malformedPollsAreRefusedWith400() throws Exception {
        String addr = SharedServer.serverAddr();
        for (String bad : new String[] {form("a\u0002b\u0001"), form("a\u0002G\u0002m\u0002t\u0002x\u0001"),
                form("bad id!\u0002G\u0002m\u0001"), "Listening-Configs=", "other=1"}) {
            HttpResponse<String> answer = ConfigHttp.post(addr, LISTENER, bad, Map.of("Long-Pulling-Timeout",
                    "30000"));
            assertEquals(400, answer.statusCode(), bad + " -> " + answer.body());
            assertFalse(answer.body().contains("Exception"), answer::body);
        }
        HttpResponse<String> badTimeout = ConfigHttp.post(addr, LISTENER, form(line("a", "m", null)),
                Map.of("Long-Pulling-Timeout", "soon"));
        assertEquals(400, badTimeout.statusCode(), badTimeout::body);
    }

    private static boolean completesWithin(CompletableFuture<?> future, Duration wait) {
        try {
            future.get(wait.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException e) {
            return false;
        } catch (Exception e) {
            return true;
        }
    }
}
