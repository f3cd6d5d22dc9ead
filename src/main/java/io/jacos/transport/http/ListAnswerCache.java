package io.jacos.transport.http;

import io.jacos.application.BeatTimes;
import io.jacos.application.Selection;
import io.jacos.model.ServiceKey;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The JSON of the last instance-list answer for each service, cluster filter and health filter, so that the
 * polls of 1.x clients, many per unchanged service, cost a lookup instead of writing the same hosts again. An
 * entry serves only an answer made from the same view revision with the same service metadata, cache time and
 * beat times; anything else writes the answer anew and replaces it. Callers name any service and filter, so the
 * map is bounded: when full, some entry makes room.
 */
final class ListAnswerCache {

    /** What one answer was made from. */
    record Inputs(long revision, long changedAtMillis, boolean reachProtectionThreshold, Map<String, String> metadata,
                  long cacheMillis, BeatTimes beatTimes) {

        static Inputs of(Selection selection, Map<String, String> metadata, long cacheMillis, BeatTimes beatTimes) {
            return new Inputs(selection.revision(), selection.changedAtMillis(),
                    selection.reachProtectionThreshold(), metadata, cacheMillis, beatTimes);
        }
    }

    private record Key(ServiceKey service, String clusters, boolean healthyOnly) {
    }

    private record Answer(Inputs inputs, byte[] json) {
    }

    private final int maxEntries;
    private final Map<Key, Answer> answers = new ConcurrentHashMap<>();

    ListAnswerCache(int maxEntries) {
        this.maxEntries = maxEntries;
    }

    /** The cached JSON when it was made from these inputs; otherwise {@code write}'s, kept for the next call. */
    byte[] answer(Selection selection, boolean healthyOnly, Inputs inputs, Supplier<byte[]> write) {
        Key key = new Key(selection.service(), selection.clusters(), healthyOnly);
        Answer known = answers.get(key);
        if (known != null && known.inputs().equals(inputs)) {
            return known.json();
        }
        byte[] json = write.get();
        if (known == null && answers.size() >= maxEntries) {
            Iterator<Key> any = answers.keySet().iterator();
            if (any.hasNext()) {
                answers.remove(any.next());
            }
        }
        answers.put(key, new Answer(inputs, json));
        return json;
    }

    int size() {
        return answers.size();
    }
}
