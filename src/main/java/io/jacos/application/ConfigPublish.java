package io.jacos.application;

import io.jacos.application.validation.ConfigContent;
import io.jacos.application.validation.Required;
import jakarta.validation.Valid;

/**
 * A publish as a transport received it: which configuration, its new content and what describes it, and for a
 * compare-and-set publish the md5 the writer last read ({@code casMd5}, null or blank for a plain publish).
 */
public record ConfigPublish(@Valid ConfigRef ref,
                            @Required @ConfigContent String content,
                            String type,
                            String encryptedDataKey,
                            String appName,
                            String description,
                            String tags,
                            String casMd5) {
}
