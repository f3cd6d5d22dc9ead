package io.jacos.application;

import io.jacos.model.ClientId;

import java.util.List;

/** Use cases that change what a client publishes. Each either applies completely or throws and changes nothing. */
public interface RegistrationService {

    /** Publishes one instance; replaces whatever this client published for the service. */
    void register(ClientId client, ServiceRef service, InstanceSpec instance);

    /** Publishes a whole set; replaces whatever this client published for the service (empty = withdraw). */
    void registerBatch(ClientId client, ServiceRef service, List<InstanceSpec> instances);

    /** Withdraws whatever this client published for the service. */
    void deregister(ClientId client, ServiceRef service);
}
