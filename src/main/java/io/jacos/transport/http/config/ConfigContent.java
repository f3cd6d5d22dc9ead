package io.jacos.transport.http.config;

import io.jacos.application.ConfigGrays;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigView;
import io.jacos.model.GrayRule;
import io.jacos.transport.http.HttpJson;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Date;

/**
 * A configuration's content as the v1 API answers it: the text itself, with its type, md5, last change and
 * encrypted data key in headers, never cached. Only a JSON configuration is labelled as such; every other type,
 * HTML and XML included, goes out as plain text, so a stored page never runs as one on this server's origin.
 */
final class ConfigContent {

    static final String NOT_FOUND = "config data not exist";

    private ConfigContent() {
    }

    static Response plain(ConfigEntry entry) {
        MediaType type = "json".equalsIgnoreCase(entry.type()) ? HttpJson.JSON_UTF8 : HttpJson.TEXT_UTF8;
        Response.ResponseBuilder answer = Response.ok(entry.content(), type)
                .header("Config-Type", entry.type())
                .header("Content-MD5", entry.md5())
                .header("X-Content-Type-Options", "nosniff")
                .lastModified(new Date(entry.modifiedMillis()));
        if (!entry.encryptedDataKey().isEmpty()) {
            answer.header("Encrypted-Data-Key", entry.encryptedDataKey());
        }
        return uncached(answer).build();
    }

    /** A version as served: a beta's says {@code isBeta}, a tag gray's names its tag, as Nacos's answer does. */
    static Response served(ConfigGrays.Served served) {
        Response plain = plain(served.entry());
        GrayRule gray = served.gray();
        if (gray == null) {
            return plain;
        }
        Response.ResponseBuilder answer = Response.fromResponse(plain);
        if (gray.kind() == GrayRule.Kind.BETA) {
            answer.header("isBeta", "true");
        } else {
            answer.header(ConfigView.TAG_LABEL, URLEncoder.encode(gray.expression(), StandardCharsets.UTF_8));
        }
        return answer.build();
    }

    static Response notFound() {
        return uncached(Response.status(404).type(HttpJson.TEXT_UTF8).entity(NOT_FOUND + "\n")).build();
    }

    static Response.ResponseBuilder uncached(Response.ResponseBuilder answer) {
        return answer.header("Pragma", "no-cache").header("Expires", "Thu, 01 Jan 1970 00:00:00 GMT")
                .header("Cache-Control", "no-cache,no-store");
    }
}
