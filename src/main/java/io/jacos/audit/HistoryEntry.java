package io.jacos.audit;

import io.jacos.model.ChangeCause;

/** One change to one instance: when, what, to which instance, why and by whom. */
public record HistoryEntry(long time, Type type, String instance, String cluster, String detail, ChangeCause cause,
                           String actor) {

    public enum Type { REGISTERED, DEREGISTERED, HEALTH_CHANGED, EDITED }
}
