package io.jacos.transport.grpc.dto;

import io.jacos.auth.Resource;

/**
 * A request body that names the one configuration or service it acts on: READ and WRITE are checked on that
 * resource, built from the same fields the handler reads, so a grant narrower than the namespace can cover it.
 */
public interface ResourceBody extends NamespacedBody {
    Resource resource();
}
