package io.jacos.application;

import io.jacos.model.ServiceKey;

/**
 * Shows again what the shared store holds, after a peer said it wrote there. Each call re-reads the store and
 * makes this node's indexes match it, so calls may come in any order and more than once; nothing is pushed
 * when nothing differs. Nothing is written to the store and no peer is told: the change was theirs.
 */
public interface StoredNamingRefresh {

    /** The service's settings, its clusters' settings and its persistent instances, as stored now. */
    void refreshService(ServiceKey service);

    /** The namespaces, as stored now. */
    void refreshNamespaces();

    /**
     * Everything: the namespaces and every service stored or showing stored data here. For a node that may have
     * missed peers' notices (it was split from them), so what they changed or deleted meanwhile shows now.
     */
    void refreshAll();
}
