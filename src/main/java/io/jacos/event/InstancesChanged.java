package io.jacos.event;

import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;

import java.util.List;
import java.util.Objects;

/**
 * What a client publishes in a service changed, with why. Unlike the other events it carries the instances
 * before and after (immutable values, not live objects): the change history must say what went, and after a
 * withdrawal the registry no longer holds it. Fired with {@link InstanceRegistered} or {@link InstanceDeregistered}.
 */
public record InstancesChanged(ClientId client, ServiceKey service, List<Instance> before, List<Instance> after,
                               ChangeOrigin origin) {

    public InstancesChanged {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(origin, "origin");
        before = before == null ? List.of() : List.copyOf(before);
        after = after == null ? List.of() : List.copyOf(after);
    }
}
