package io.jacos.testing;

import io.jacos.model.ChangeOrigin;
import io.jacos.application.InstanceSpec;
import io.jacos.application.PersistentInstanceService;
import io.jacos.application.ServiceRef;

/**
 * Base of fakes of the persistent instances as the health checker sees them: it only reads the targets and
 * stores verdicts, so every other use case fails loudly.
 */
public abstract class HealthCheckedInstances implements PersistentInstanceService {

    @Override
    public void register(ServiceRef service, InstanceSpec spec) {
        throw notByTheChecker();
    }

    @Override
    public void update(ServiceRef service, InstanceSpec spec) {
        throw notByTheChecker();
    }

    @Override
    public void update(ServiceRef service, InstanceSpec spec, ChangeOrigin origin) {
        throw notByTheChecker();
    }

    @Override
    public boolean deregister(ServiceRef service, String ip, Integer port) {
        throw notByTheChecker();
    }

    @Override
    public boolean setHealth(ServiceRef service, String ip, Integer port, boolean healthy, ChangeOrigin origin) {
        throw notByTheChecker();
    }

    private static UnsupportedOperationException notByTheChecker() {
        return new UnsupportedOperationException("the health checker only reads targets and stores verdicts");
    }
}
