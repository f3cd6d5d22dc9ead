package io.jacos.model;

/** What a client asked to be told about: a service, narrowed to a comma-joined cluster list ("" = all). */
public record Subscription(ServiceKey service, String clusters) {

    public Subscription {
        clusters = clusters == null ? "" : clusters;
    }
}
