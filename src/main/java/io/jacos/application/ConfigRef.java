package io.jacos.application;

import io.jacos.application.validation.ConfigDataId;
import io.jacos.application.validation.GroupName;
import io.jacos.application.validation.NamespaceId;
import io.jacos.application.validation.Required;
import io.jacos.model.ConfigKey;

/**
 * A configuration as a transport names it: the client's tenant (any spelling of the default namespace), group
 * and data id, both required. The annotations are the rules they must meet.
 */
public record ConfigRef(@NamespaceId String tenant,
                        @Required @GroupName String group,
                        @Required @ConfigDataId String dataId) {

    public ConfigKey key() {
        return ConfigKey.of(tenant, group.trim(), dataId.trim());
    }
}
