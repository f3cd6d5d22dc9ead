package io.jacos.it.config;

import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.RawHttp;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input on the configuration HTTP API: each refused write targets a configuration already published, which
 * must read back unchanged; refusals are plain text on v1 and the envelope on v2, never a stack trace.
 */
@ExtendWith(SharedServer.class)
class ConfigHttpBadInputIT {

    private static final String CONFIGS = "/nacos/v1/cs/configs";
    private static final String GROUP = "DEFAULT_GROUP";

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private String dataId;

    @BeforeEach
    void publishOne() {
        dataId = "bad-" + UUID.randomUUID();
        assertEquals(200, write(Map.of("content", "v=1")).status());
    }

    private Answer write(Map<String, String> changes) {
        Map<String, String> form = new HashMap<>(Map.of("dataId", dataId, "group", GROUP));
        form.putAll(changes);
        form.values().removeIf(String::isEmpty);
        return http.call("POST", CONFIGS, Map.of(), form);
    }

    private void assertUnchanged() {
        Answer read = http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP));
        assertEquals(200, read.status(), read::toString);
        assertEquals("v=1", read.body());
    }

    private static void assertRefused(Answer answer, int status, String text) {
        assertEquals(status, answer.status(), answer::toString);
        assertTrue(answer.body().contains(text), answer::toString);
        assertFalse(answer.body().contains("Exception") || answer.body().contains("<html"), answer::toString);
    }

    @Test
    void missingOrIllegalNamesAreRefusedNamingTheParameter() {
        assertRefused(write(Map.of("dataId", "", "content", "v=2")), 400, "Param 'dataId' is required.");
        assertRefused(write(Map.of("group", "", "content", "v=2")), 400, "Param 'group' is required.");
        assertRefused(write(Map.of("content", "")), 400, "Param 'content' is required.");
        assertRefused(write(Map.of("group", "g r", "content", "v=2")), 400, "Param 'group' is illegal");
        assertRefused(write(Map.of("tenant", "../etc", "content", "v=2")), 400, "illegal");
        assertRefused(http.get(CONFIGS, Map.of("dataId", "a/b", "group", GROUP)), 400, "Param 'dataId' is illegal");
        Answer v2 = http.call("POST", "/nacos/v2/cs/config", Map.of(), Map.of("dataId", dataId, "content", "v=2"));
        assertEquals(400, v2.status(), v2::toString);
        assertEquals(10000, v2.json().get("code").asInt(), v2::toString);
        assertUnchanged();
    }

    @Test
    void badGrayRulesAndTooManyGrayVersionsAreRefusedAndTheFormalOneNeverChanges() {
        assertRefused(write(Map.of("content", "v=2", "tag", "t".repeat(17))), 400, "Param 'tag' is illegal");
        assertRefused(http.call("POST", CONFIGS, Map.of(), Map.of("dataId", dataId, "group", GROUP, "content",
                "v=2"), NacosHttp.USER_AGENT_1_4_6, Map.of("betaIps", " , ")), 400, "Param 'betaIps' is illegal");
        for (int i = 0; i < 10; i++) {
            assertEquals(200, write(Map.of("content", "v=gray" + i, "tag", "t" + i)).status());
        }
        assertRefused(write(Map.of("content", "v=2", "tag", "eleventh")), 400, "over max count");
        Answer v2 = http.call("POST", "/nacos/v2/cs/config", Map.of(), Map.of("dataId", dataId, "group", GROUP,
                "content", "v=2", "tag", "eleventh"));
        assertEquals(400, v2.status(), v2::toString);
        assertEquals(20010, v2.json().get("code").asInt(), "Nacos's code for too many gray versions: " + v2);
        assertEquals(404, http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP, "tag", "eleventh")).status(),
                "nothing stored");
        assertEquals("v=gray3", http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP, "tag", "t3")).body());
        assertRefused(http.call("DELETE", CONFIGS, Map.of("dataId", dataId, "group", GROUP, "tag", "a b")), 400,
                "Param 'tag' is illegal");
        assertRefused(http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP, "tag", "t".repeat(17))), 400,
                "Param 'tag' is illegal");
        assertUnchanged();
    }

    @Test
    void aTypeOrAppNameLongerThanTheStoreKeepsIsRefusedNotAServerError() {
        assertRefused(write(Map.of("content", "v=2", "type", "t".repeat(33))), 400, "Param 'type' is illegal");
        assertRefused(write(Map.of("content", "v=2", "appName", "a".repeat(129))), 400, "Param 'appName' is illegal");
        assertEquals(200, write(Map.of("content", "v=1", "type", "t".repeat(32), "appName", "a".repeat(128)))
                .status(), "the longest that fit are taken");
        assertUnchanged();
    }

    @Test
    void aParameterGivenTwiceWithDifferentValuesIsRefused() {
        Answer answer = RawAnswer.of(RawHttp.send(SharedServer.HTTP_PORT, "POST", CONFIGS + "?content=v%3D3",
                Map.of("Content-Type", "application/x-www-form-urlencoded"), ("dataId=" + dataId + "&group=" + GROUP
                        + "&content=v%3D2").getBytes(StandardCharsets.UTF_8)));
        assertRefused(answer, 400, "more than once");
        assertUnchanged();
    }

    @Test
    void contentOverTenMebibytesIsRefusedAndNothingChanges() {
        String big = "x".repeat(10 * 1024 * 1024 + 1);
        assertRefused(write(Map.of("content", big)), 400, "content");
        assertUnchanged();
    }

    @Test
    void aBodyInLatin1IsReadInItsCharsetAndOtherCharsetsAreRefused() {
        byte[] latin1 = ("dataId=" + dataId + "&group=" + GROUP + "&content=caf\u00e9")
                .getBytes(StandardCharsets.ISO_8859_1);
        RawHttp.Answer written = RawHttp.send(SharedServer.HTTP_PORT, "POST", CONFIGS,
                Map.of("Content-Type", "application/x-www-form-urlencoded; charset=ISO-8859-1"), latin1);
        assertEquals(200, written.status(), written::toString);
        assertEquals("caf\u00e9", http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP)).body());
        RawHttp.Answer utf16 = RawHttp.send(SharedServer.HTTP_PORT, "POST", CONFIGS,
                Map.of("Content-Type", "application/x-www-form-urlencoded; charset=UTF-16"),
                ("dataId=" + dataId + "&group=" + GROUP + "&content=x").getBytes(StandardCharsets.UTF_16));
        assertEquals(415, utf16.status(), utf16::toString);
        assertEquals("caf\u00e9", http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP)).body());
    }

    @ParameterizedTest
    @ValueSource(strings = {"/nacos/v1/cs/configs;x=y", "/nacos/v1/cs%2Fconfigs", "//nacos/v1/cs/configs",
            "/nacos/v1/cs/../cs/configs", "/nacos/v1/cs/./configs", "/nacos/v1/cs/configs%3B"})
    void oddPathsWriteNothing(String path) {
        RawHttp.Answer answer = RawHttp.send(SharedServer.HTTP_PORT, "POST", path,
                Map.of("Content-Type", "application/x-www-form-urlencoded"),
                ("dataId=" + dataId + "&group=" + GROUP + "&content=v%3D9").getBytes(StandardCharsets.UTF_8));
        assertTrue(List.of(400, 404).contains(answer.status()), path + " -> " + answer);
        assertFalse(answer.body().contains("Exception"), answer::toString);
        assertUnchanged();
    }

    /** A raw answer in the shape the assertions here take. */
    private static final class RawAnswer {
        static Answer of(RawHttp.Answer raw) {
            return new Answer(raw.status(), "", raw.body());
        }
    }
}
