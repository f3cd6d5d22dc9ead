package io.jacos.application;

import io.jacos.application.validation.ConfigContent;
import io.jacos.application.validation.Required;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;

/**
 * A publish as a transport received it: which configuration, its new content and what describes it, and for a
 * compare-and-set publish the md5 the writer last read ({@code casMd5}, null or blank for a plain publish). The
 * type and the app name are bounded as the store keeps them, so a longer one is a refusal, not a failed write.
 */
public record ConfigPublish(@Valid ConfigRef ref,
                            @Required @ConfigContent String content,
                            @Size(max = 32, message = "at most 32 characters") String type,
                            String encryptedDataKey,
                            @Size(max = 128, message = "at most 128 characters") String appName,
                            String description,
                            String tags,
                            String casMd5) {
}
