package io.jacos.application;

import io.jacos.application.validation.GroupName;
import io.jacos.application.validation.NamespaceId;
import io.jacos.application.validation.Required;
import io.jacos.application.validation.ServiceName;

/**
 * A service as a transport names it: raw namespace, group and bare name. Blank namespace and group get the
 * Nacos defaults; the annotations are the rules the rest must meet.
 */
public record ServiceRef(@NamespaceId String namespace,
                         @GroupName String groupName,
                         @Required @ServiceName String serviceName) {
}
