package io.jacos.application;

import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;

import java.util.List;

/**
 * Instances as an operator sees and edits them: with the client that publishes each and the node that owns that
 * client. An edit of a persistent instance is stored; an edit of an ephemeral one lasts as long as the instance
 * (it is applied again whenever its client publishes it again, and forgotten when the instance ends). Every
 * edit is pushed.
 */
public interface InstanceAdminService {

    /** The service's instances, of one cluster when {@code cluster} is not blank; 404 for an unknown service. */
    List<PublishedInstance> instances(ServiceRef service, String cluster);

    /** The instance at (cluster, ip, port); 404 (instance not found) when there is none. */
    PublishedInstance find(ServiceRef service, String cluster, String ip, Integer port);

    /**
     * Edits the instance and returns it as edited. 404 when it does not exist, 400 for a bad edit, 409
     * ({@code OWNED_ELSEWHERE}) when its client is another node's copy, 503 when too many edits are kept.
     */
    PublishedInstance edit(ServiceRef service, String cluster, String ip, Integer port, InstanceEdit edit,
                           ChangeOrigin origin);

    /** An instance with the client publishing it and that client's owner node ({@code host:port}). */
    record PublishedInstance(Instance instance, ClientId client, String owner) {
    }
}
