package io.jacos.transport.http;

import io.jacos.model.ChangeOrigin;
import io.jacos.model.RegistryException;
import io.jacos.application.InstanceSpec;
import io.jacos.application.IpPortClientService;
import io.jacos.application.PersistentInstanceService;
import io.jacos.application.ServiceRef;
import io.jacos.transport.http.param.InstanceRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Sends each v1 and v2 instance write to its kind of instance by {@code ephemeral}: {@code false} to the persistent
 * instances, anything else (the default) to the 1.x client of the instance's {@code ip:port}, as in Nacos.
 */
@ApplicationScoped
public class InstanceWriteRouter {

    private IpPortClientService clients;
    private PersistentInstanceService persistent;

    /** For the container's proxy. */
    protected InstanceWriteRouter() {
    }

    @Inject
    public InstanceWriteRouter(IpPortClientService clients, PersistentInstanceService persistent) {
        this.clients = clients;
        this.persistent = persistent;
    }

    public void register(InstanceRequest request) {
        if (isPersistent(request.spec().ephemeral())) {
            persistent.register(request.service(), request.spec());
        } else {
            clients.register(request.service(), request.spec());
        }
    }

    public void update(InstanceRequest request) {
        if (isPersistent(request.spec().ephemeral())) {
            persistent.update(request.service(), request.spec());
        } else {
            clients.update(request.service(), request.spec());
        }
    }

    /** True when the instance was there. */
    public boolean deregister(InstanceRequest request) {
        InstanceSpec address = request.spec();
        return isPersistent(address.ephemeral())
                ? persistent.deregister(request.service(), address.ip(), address.port())
                : clients.deregister(request.service(), address.ip(), address.port(), true);
    }

    /**
     * The health mark by hand: a 1.x client's instance, else a persistent one whose cluster is not checked. Unlike
     * Nacos, which answers {@code ok} for an instance it does not hold, no instance at {@code ip:port} is a 404
     * (instance not found), so a typo in the address does not pass unnoticed.
     */
    public void markHealth(ServiceRef service, String ip, int port, boolean healthy, ChangeOrigin origin) {
        if (!clients.setHealth(service, ip, port, healthy, origin)
                && !persistent.setHealth(service, ip, port, healthy, origin)) {
            throw new RegistryException(RegistryException.NOT_FOUND, RegistryException.Reason.INSTANCE_NOT_FOUND,
                    "No instance " + ip + ":" + port + " in service " + service.serviceName() + ".");
        }
    }

    private static boolean isPersistent(Boolean ephemeral) {
        return Boolean.FALSE.equals(ephemeral);
    }
}
