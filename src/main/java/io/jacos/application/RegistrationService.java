package io.jacos.application;

import io.jacos.model.ClientId;

import java.util.List;

/** Use cases that change what a client publishes. Each either applies completely or throws and changes nothing. */
public interface RegistrationService {

    /** Publishes one instance; replaces whatever this client published for the service. */
    void register(ClientId client, ServiceRef service, InstanceSpec instance);

    /** Publishes a whole set; replaces whatever this client published for the service (empty = withdraw). */
    void registerBatch(ClientId client, ServiceRef service, List<InstanceSpec> instances);

    /**
     * Withdraws whatever this client published for the service. {@code named} is the instance the request named
     * (may be null); it only serves to find a copy of it parked elsewhere when the client held nothing.
     */
    void deregister(ClientId client, ServiceRef service, InstanceSpec named);
}
