package io.jacos.registry;

import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;

import java.util.List;

/** One {@link Registry#publish} of a batch handed to {@link Registry#publishAll}. */
public record PublishOrder(ClientId client, ServiceKey service, List<Instance> instances, ChangeOrigin origin) {
}
