package io.jacos.registry;

import io.jacos.registry.client.Client;
import io.jacos.model.ClientId;
import io.jacos.registry.service.ServiceIndex;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The naming indexes themselves. {@link RegistryReader} owns the one instance and reads it without locks;
 * only the {@link Registry} EJB writes it.
 */
final class RegistryState {

    final Map<ClientId, Client> clients = new ConcurrentHashMap<>();
    final ServiceIndex services;
    final SubscriberIndex subscribers = new SubscriberIndex();

    RegistryState(Clock clock) {
        this.services = new ServiceIndex(clock);
    }
}
