package io.jacos.transport.grpc;

import io.jacos.application.InstanceSelector;
import io.jacos.event.ServiceRetired;
import io.jacos.settings.NamingSettings;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The answer cache keeps only what exists, lets go of retired services, and has a size bound. */
class ServiceInfoJsonTest {

    private static final int MAX_SERVICES = 3;

    private final SteppedClock clock = new SteppedClock(5_000);
    private final ServiceInfoJson json = new ServiceInfoJson(new PayloadCodec(), new NamingSettings() {
        @Override
        public int answerCacheMaxServices() {
            return MAX_SERVICES;
        }

        @Override
        public long cacheMillis() {
            return 10_000;
        }
    }, clock);

    private static ServiceView view(String name, long revision) {
        ServiceKey key = new ServiceKey("public", "G", name);
        Instance instance = new Instance("id", "10.0.0.1", 80, 1, true, true, true, "DEFAULT", Map.of());
        return new ServiceView(key, revision, 1234, true, io.jacos.model.ServiceMeta.DEFAULT, List.of(instance));
    }

    @Test
    void queriesForNamesThatDoNotExistLeaveNoEntries() {
        for (int i = 0; i < 10_000; i++) {
            ServiceKey unknown = new ServiceKey("public", "G", UUID.randomUUID().toString());
            String answer = json.of(InstanceSelector.select(ServiceView.empty(unknown, 99), "", false), json.readMark()).toStringUtf8();
            assertTrue(answer.contains("\"lastRefTime\":5000"), answer);
        }
        assertEquals(0, json.size());
    }

    /**
     * The time is the answer's, not the revision's: the same revision made earlier on another node must not look
     * older to a client than what that node answered it before.
     */
    @Test
    void oneRevisionIsSerializedOnceAnsweredAtEachAnswersTimeAndARetiredServiceLeavesTheCache() {
        ServiceView v = view("a", 5);
        String first = json.of(InstanceSelector.select(v, "", false), json.readMark()).toStringUtf8();
        clock.advance(1);
        String second = json.of(InstanceSelector.select(v, "", false), json.readMark()).toStringUtf8();

        assertTrue(first.contains("\"lastRefTime\":5000,"), first);
        assertEquals(first.replace("\"lastRefTime\":5000,", "\"lastRefTime\":5001,"), second);
        assertTrue(second.contains("\"hosts\":[{") && second.endsWith("}"), second);
        assertEquals(1, json.size());
        json.onRetired(new ServiceRetired(v.key()));
        assertEquals(0, json.size());
    }

    /**
     * An answer read before a change, and sent after the change's push, must not look newer to the client than that
     * push, or the client keeps the older list: within one millisecond too, whether the answer is cached or not.
     */
    @Test
    void anAnswerReadBeforeAChangeIsOlderThanTheChangesPushInTheSameMillisecond() {
        clock.advance(10_000);
        long readBefore = json.readMark();
        ServiceView before = new ServiceView(new ServiceKey("public", "G", "a"), 5, clock.millis() - 1, true,
                io.jacos.model.ServiceMeta.DEFAULT, List.of());
        ServiceView after = new ServiceView(before.key(), 6, clock.millis(), true, io.jacos.model.ServiceMeta.DEFAULT,
                List.of());
        long pushed = lastRefTime(json.of(InstanceSelector.select(after, "", false), json.readMark()).toStringUtf8());
        long answered = lastRefTime(json.of(InstanceSelector.select(before, "", false), readBefore).toStringUtf8());
        assertTrue(answered < pushed, answered + " should be before " + pushed);
        assertTrue(answered >= readBefore, "an answer is never older than when it was read");
    }

    private static long lastRefTime(String json) {
        java.util.regex.Matcher time = java.util.regex.Pattern.compile("\"lastRefTime\":(\\d+)").matcher(json);
        assertTrue(time.find(), json);
        return Long.parseLong(time.group(1));
    }

    @Test
    void theCacheHoldsAtMostTheConfiguredNumberOfServicesAndStillAnswersBeyondIt() {
        for (int i = 0; i < MAX_SERVICES + 5; i++) {
            String answer = json.of(InstanceSelector.select(view("s" + i, i + 1), "", false), json.readMark()).toStringUtf8();
            assertTrue(answer.contains("\"name\":\"s" + i + "\""), answer);
        }
        assertEquals(MAX_SERVICES, json.size());
    }
}
