package io.jacos.transport.http.config;

import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigSearch;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.param.RequestParams;

/**
 * Reads configuration requests from their parameters: v1 names the namespace {@code tenant}, v2
 * {@code namespaceId}; the rest is alike. Gray releases (a {@code tag}, beta IPs) are not served, so a write that
 * asks for one is refused rather than made to every client.
 */
final class ConfigRequests {

    private ConfigRequests() {
    }

    static ConfigRef ref(RequestParams params, String namespaceParam) {
        return new ConfigRef(params.text(namespaceParam), params.get("group"), params.get("dataId"));
    }

    static ConfigPublish publish(RequestParams params, String namespaceParam, String betaIps, String casMd5) {
        refuseGray(params, betaIps);
        return new ConfigPublish(ref(params, namespaceParam), params.get("content"), params.text("type"),
                params.text("encryptedDataKey"), params.text("appName"), params.text("desc"),
                params.text("config_tags", params.text("configTags")), casMd5);
    }

    static ConfigSearch search(RequestParams params, String namespaceParam, String mode) {
        boolean blur = switch (mode) {
            case "blur" -> true;
            case "accurate" -> false;
            default -> throw RequestParams.illegal("search", mode, "accurate or blur");
        };
        return new ConfigSearch(params.text(namespaceParam), params.text("dataId"), params.text("group"),
                params.text("appName"), params.text("config_tags"), blur);
    }

    /** A removal of a gray release is refused likewise: there is none to remove, and the formal one must stay. */
    static void refuseGray(RequestParams params, String betaIps) {
        if (params.text("tag") != null || betaIps != null && !betaIps.isBlank()) {
            throw RegistryException.grayRelease("tag");
        }
    }
}
