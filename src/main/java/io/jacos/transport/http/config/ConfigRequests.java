package io.jacos.transport.http.config;

import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigSearch;
import io.jacos.transport.http.param.RequestParams;

/**
 * Reads configuration requests from their parameters: v1 names the namespace {@code tenant}, v2 and v3
 * {@code namespaceId}; v3 names the group {@code groupName} and requires it and the data id up front, as Nacos 3
 * does before anything else; the rest is alike. Whether a publish is gray is {@link ConfigWrites}'s to decide.
 */
final class ConfigRequests {

    private ConfigRequests() {
    }

    static ConfigRef ref(RequestParams params, String namespaceParam) {
        return new ConfigRef(params.text(namespaceParam), params.get("group"), params.get("dataId"));
    }

    /** A v3 reference: {@code dataId} and {@code groupName} must be there and not blank. */
    static ConfigRef refV3(RequestParams params) {
        String dataId = params.required("dataId");
        return new ConfigRef(params.text("namespaceId"), params.required("groupName"), dataId);
    }

    static ConfigPublish publish(RequestParams params, String namespaceParam, String casMd5) {
        return publish(params, ref(params, namespaceParam), casMd5);
    }

    static ConfigPublish publish(RequestParams params, ConfigRef ref, String casMd5) {
        return new ConfigPublish(ref, params.get("content"), params.text("type"),
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

    /**
     * A v3 search ({@code search} blur by default). Content ({@code configDetail}) and type filters are refused
     * rather than ignored: the catalog does not search by them, and an unfiltered page would look like an answer.
     */
    static ConfigSearch searchV3(RequestParams params) {
        for (String unserved : new String[] {"configDetail", "type"}) {
            String value = params.text(unserved);
            if (value != null) {
                throw RequestParams.illegal(unserved, value, "no " + unserved + " filter, which this server does not"
                        + " search by");
            }
        }
        boolean blur = switch (params.text("search", "blur")) {
            case "blur" -> true;
            case "accurate" -> false;
            default -> throw RequestParams.illegal("search", params.get("search"), "accurate or blur");
        };
        return new ConfigSearch(params.text("namespaceId"), params.text("dataId"), params.text("groupName"),
                params.text("appName"), params.text("configTags"), blur);
    }
}
