package io.jacos.transport.http.config;

import io.jacos.application.ConfigArchive;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.ArchiveHttp;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.v2.V2Result;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How the v1 import answers, in Nacos's result shape {@code {code, message, data}}: 200 "import success" with the
 * counts ({@link ArchiveHttp#counts}), or one of Nacos's import codes for an upload refused whole: 100001 the
 * namespace does not exist, 100002 illegal metadata, 100004 the archive could not be read, 100005 no data. Nacos
 * A clone answers the same way ({@link #cloned}), with 100006 for a body that names no configuration. Nacos
 * sends those with HTTP 200; here the HTTP status is 400, so a caller that only looks at the status sees the
 * refusal too, and one that reads {@code code} finds Nacos's. Any other refusal goes to the v1 error mapping.
 */
final class ImportAnswers {

    static final int NAMESPACE_NOT_EXIST = 100001;
    static final int METADATA_ILLEGAL = 100002;
    static final int PARSING_DATA_FAILED = 100004;
    static final int DATA_EMPTY = 100005;
    static final int NO_SELECTED_CONFIG = 100006;

    private ImportAnswers() {
    }

    static Response imported(HttpJson json, ConfigArchive.Imported imported) {
        return json.ok(result(200, "import success", ArchiveHttp.counts(imported)));
    }

    /** A clone answers as an import, with Nacos's clone message. */
    static Response cloned(HttpJson json, ConfigArchive.Imported imported) {
        return json.ok(result(200, "Clone Completed Successfully", ArchiveHttp.counts(imported)));
    }

    /** A clone whose body names no configuration. */
    static Response noneSelected(HttpJson json) {
        return failed(json, NO_SELECTED_CONFIG, "The request body names no configuration to clone.");
    }

    static Response noFile(HttpJson json) {
        return failed(json, DATA_EMPTY, "No zip was uploaded in the 'file' part.");
    }

    static Response refused(HttpJson json, RegistryException e) {
        int code = switch (e.reason()) {
            case NAMESPACE_NOT_FOUND -> NAMESPACE_NOT_EXIST;
            case ARCHIVE_METADATA_ILLEGAL -> METADATA_ILLEGAL;
            case ARCHIVE_UNREADABLE -> PARSING_DATA_FAILED;
            case ARCHIVE_EMPTY -> DATA_EMPTY;
            default -> throw e;
        };
        return failed(json, code, e.getMessage());
    }

    /**
     * A v3 import's or clone's refusal whole, in the v3 envelope with Nacos 3's codes and texts: 22001 the
     * namespace does not exist, 100002 illegal metadata, 100004 the archive could not be read, 100005 no
     * configuration in it (or none of a clone's is stored). Any other refusal goes to the v2 error mapping.
     */
    static Response refusedV3(HttpJson json, RegistryException e) {
        V2Result result = switch (e.reason()) {
            case NAMESPACE_NOT_FOUND -> new V2Result(22001, "namespace not exist", Map.of("succCount", 0));
            case ARCHIVE_METADATA_ILLEGAL -> new V2Result(METADATA_ILLEGAL, "Imported metadata is invalid",
                    Map.of("succCount", 0));
            case ARCHIVE_UNREADABLE -> new V2Result(PARSING_DATA_FAILED, "Failed to parse data", Map.of("succCount", 0));
            case ARCHIVE_EMPTY -> new V2Result(DATA_EMPTY, "Imported file data is empty", Map.of("succCount", 0));
            default -> throw e;
        };
        return Response.status(400).type(HttpJson.JSON_UTF8).entity(json.write(result)).build();
    }

    /** A v3 import with no zip uploaded: 100005, as Nacos 3 answers a missing file. */
    static Response noFileV3(HttpJson json) {
        return Response.status(400).type(HttpJson.JSON_UTF8).entity(json.write(new V2Result(DATA_EMPTY,
                "Imported file data is empty", Map.of("succCount", 0)))).build();
    }

    static Response noneSelectedV3(HttpJson json) {
        return Response.status(400).type(HttpJson.JSON_UTF8).entity(json.write(new V2Result(NO_SELECTED_CONFIG,
                "No configuration selected", Map.of("succCount", 0)))).build();
    }

    private static Response failed(HttpJson json, int code, String message) {
        return Response.status(400).type(HttpJson.JSON_UTF8)
                .entity(json.write(result(code, message, Map.of("succCount", 0)))).build();
    }

    private static Map<String, Object> result(int code, String message, Object data) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("code", code);
        result.put("message", message);
        result.put("data", data);
        return result;
    }
}
