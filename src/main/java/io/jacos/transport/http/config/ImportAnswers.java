package io.jacos.transport.http.config;

import io.jacos.application.ConfigArchive;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.ArchiveHttp;
import io.jacos.transport.http.HttpJson;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How the v1 import answers, in Nacos's result shape {@code {code, message, data}}: 200 "import success" with the
 * counts ({@link ArchiveHttp#counts}), or one of Nacos's import codes for an upload refused whole: 100001 the
 * namespace does not exist, 100002 illegal metadata, 100004 the archive could not be read, 100005 no data. Nacos
 * sends those with HTTP 200; here the HTTP status is 400, so a caller that only looks at the status sees the
 * refusal too, and one that reads {@code code} finds Nacos's. Any other refusal goes to the v1 error mapping.
 */
final class ImportAnswers {

    static final int NAMESPACE_NOT_EXIST = 100001;
    static final int METADATA_ILLEGAL = 100002;
    static final int PARSING_DATA_FAILED = 100004;
    static final int DATA_EMPTY = 100005;

    private ImportAnswers() {
    }

    static Response imported(HttpJson json, ConfigArchive.Imported imported) {
        return json.ok(result(200, "import success", ArchiveHttp.counts(imported)));
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
