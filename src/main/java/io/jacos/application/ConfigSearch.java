package io.jacos.application;

import io.jacos.application.validation.ConfigPattern;
import io.jacos.application.validation.NamespaceId;
import jakarta.validation.constraints.Size;

/**
 * A search of configurations as a transport received it: the client's tenant, patterns for data id and group
 * (blank for any; {@code *} for any run of characters when {@code blur}), an app name and comma-separated tags
 * that must match exactly.
 */
public record ConfigSearch(@NamespaceId String tenant,
                           @ConfigPattern String dataId,
                           @ConfigPattern String group,
                           @Size(max = 128, message = "at most 128 characters") String appName,
                           @Size(max = 512, message = "at most 512 characters") String tags,
                           boolean blur) {
}
