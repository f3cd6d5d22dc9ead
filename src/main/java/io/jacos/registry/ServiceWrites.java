package io.jacos.registry;

import io.jacos.event.ServiceChanged;
import io.jacos.event.ServiceRetired;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.registry.service.ServiceIndex;
import io.jacos.registry.service.ServiceRecord;

import java.util.function.Consumer;

/**
 * The {@link Registry}'s writes that concern a service as a whole rather than one client's part of it: an
 * operator's settings, deleting an empty service, retiring idle ones. Called only by the Registry, on its
 * indexes, with the same rule: change under the record's monitor, then fire.
 */
final class ServiceWrites {

    private final ServiceIndex services;
    private final SubscriberIndex subscribers;
    private final Consumer<Object> fire;

    ServiceWrites(ServiceIndex services, SubscriberIndex subscribers, Consumer<Object> fire) {
        this.services = services;
        this.subscribers = subscribers;
        this.fire = fire;
    }

    void declare(ServiceKey service, ServiceMeta meta) {
        while (true) {
            ServiceRecord record = services.getOrCreate(service, true);
            synchronized (record) {
                if (record.isRetired()) {
                    continue;
                }
                record.declare(meta);
            }
            fire.accept(new ServiceChanged(service, record.revision()));
            return;
        }
    }

    boolean delete(ServiceKey service) {
        ServiceRecord record = services.find(service).orElse(null);
        if (record == null) {
            return false;
        }
        synchronized (record) {
            if (!record.retireIfEmpty()) {
                throw new RegistryException(RegistryException.INVALID_PARAM, RegistryException.Reason.SERVICE_NOT_EMPTY,
                        "Service " + service.groupedName()
                                + " is not empty, can't be deleted. Please deregister its instances first.");
            }
            services.remove(record);
        }
        fire.accept(new ServiceRetired(service));
        return true;
    }

    int retireIdle(long nowMillis, long expiryMillis) {
        int retired = 0;
        for (ServiceRecord record : services.all()) {
            boolean removed;
            // Marking retired and leaving the index happen under the record's monitor, which a publisher
            // takes before it writes: it either lands before (no retirement) or sees the mark and starts over.
            synchronized (record) {
                removed = record.retireIfIdle(nowMillis, expiryMillis, subscribers.has(record.key()))
                        && services.remove(record);
            }
            if (removed) {
                retired++;
                fire.accept(new ServiceRetired(record.key()));
            }
        }
        return retired;
    }
}
