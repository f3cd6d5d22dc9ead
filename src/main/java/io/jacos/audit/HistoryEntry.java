package io.jacos.audit;

import io.jacos.model.ChangeCause;

/**
 * One change to one instance: when, what, to which instance, why and by whom. Every text is kept to at most
 * {@link #MAX_TEXT} characters plus a marker saying how much was cut: a client chooses most of them (its address,
 * cluster, metadata keys), and the history keeps thousands of entries.
 */
public record HistoryEntry(long time, Type type, String instance, String cluster, String detail, ChangeCause cause,
                           String actor) {

    public enum Type { REGISTERED, DEREGISTERED, HEALTH_CHANGED, EDITED }

    static final int MAX_TEXT = 256;

    public HistoryEntry {
        instance = cut(instance);
        cluster = cut(cluster);
        detail = cut(detail);
        actor = cut(actor);
    }

    static String cut(String text) {
        if (text == null || text.length() <= MAX_TEXT) {
            return text;
        }
        // Never half a surrogate pair.
        int end = Character.isHighSurrogate(text.charAt(MAX_TEXT - 1)) ? MAX_TEXT - 1 : MAX_TEXT;
        return text.substring(0, end) + "… (" + (text.length() - end) + " more characters)";
    }
}
