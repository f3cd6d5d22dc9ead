package io.jacos.transport.grpc.dto;

import io.jacos.auth.Resource;

/** {@code ServiceListRequest}: one page of service names in a namespace and group. */
public record ServiceListRequestBody(String namespace, String groupName, Integer pageNo, Integer pageSize,
                                     String selector) implements ResourceBody {

    /** A list names no service: only a grant on every service of the group (or namespace) covers it. */
    @Override
    public Resource resource() {
        return Resource.naming(namespace, groupName, null);
    }
}
