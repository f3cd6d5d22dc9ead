package io.jacos.transport.http;

import io.jacos.application.BeatTimes;
import io.jacos.application.Selection;
import io.jacos.model.ServiceKey;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ListAnswerCacheTest {

    private static final BeatTimes TIMES = new BeatTimes(5000, 15000, 30000);
    private final AtomicInteger writes = new AtomicInteger();

    @Test
    void anUnchangedViewIsAnsweredFromTheCacheAndAnyChangedInputWritesAgain() {
        ListAnswerCache cache = new ListAnswerCache(10);
        Selection v1 = selection("svc", 1);
        assertArrayEquals(json("r1"), answer(cache, v1, false, Map.of(), "r1"));
        assertArrayEquals(json("r1"), answer(cache, v1, false, Map.of(), "other"));
        assertEquals(1, writes.get());

        assertArrayEquals(json("r2"), answer(cache, selection("svc", 2), false, Map.of(), "r2"));
        assertArrayEquals(json("meta"), answer(cache, selection("svc", 2), false, Map.of("k", "v"), "meta"));
        assertArrayEquals(json("healthy"), answer(cache, selection("svc", 2), true, Map.of("k", "v"), "healthy"));
        assertEquals(4, writes.get());
    }

    @Test
    void staysWithinItsBoundWhateverServicesAreAskedFor() {
        ListAnswerCache cache = new ListAnswerCache(3);
        for (int i = 0; i < 50; i++) {
            answer(cache, selection("svc-" + i, 1), false, Map.of(), "a" + i);
        }
        assertEquals(3, cache.size());
    }

    private byte[] answer(ListAnswerCache cache, Selection selection, boolean healthyOnly, Map<String, String> meta,
                          String body) {
        return cache.answer(selection, healthyOnly, ListAnswerCache.Inputs.of(selection, meta, 10_000, TIMES), () -> {
            writes.incrementAndGet();
            return json(body);
        });
    }

    private static byte[] json(String body) {
        return body.getBytes(StandardCharsets.UTF_8);
    }

    private static Selection selection(String name, long revision) {
        return new Selection(new ServiceKey("public", "DEFAULT_GROUP", name), revision, revision * 1000, "",
                false, List.of(), false);
    }
}
