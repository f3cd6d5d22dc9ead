package io.jacos.registry;

import io.jacos.model.ClientId;
import io.jacos.registry.service.ServiceIndex;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The naming indexes themselves. The {@link Registry} EJB owns the one instance and is its only writer; the
 * {@link RegistryReader} it hands out reads it without locks.
 */
final class RegistryState {

    final Map<ClientId, Client> clients = new ConcurrentHashMap<>();
    final ServiceIndex services;
    final SubscriberIndex subscribers = new SubscriberIndex();

    RegistryState(Clock clock) {
        this.services = new ServiceIndex(clock);
    }
}
