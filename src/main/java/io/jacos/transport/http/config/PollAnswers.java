package io.jacos.transport.http.config;

import io.jacos.model.ConfigKey;
import io.jacos.push.ConfigStats;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.param.ListeningConfigs;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.Response;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The answers to one long poll. The changed configurations go out as the 1.x client parses them: each named as
 * the client named it, data id and group (and its tenant, when it gave one) separated by {@code \u0002}, each
 * ended by {@code \u0001}, the whole URL-encoded.
 */
final class PollAnswers {

    private final Map<ConfigKey, ListeningConfigs.Listened> named;
    private final AsyncResponse response;
    private final ConfigStats stats;

    PollAnswers(Map<ConfigKey, ListeningConfigs.Listened> named, AsyncResponse response, ConfigStats stats) {
        this.named = named;
        this.response = response;
        this.stats = stats;
    }

    /** Answers the poll with the configurations that changed; none when its time is up. */
    void changed(List<ConfigKey> changed) {
        stats.pollAnswered(!changed.isEmpty());
        response.resume(changed.isEmpty() ? none() : ConfigContent.uncached(Response.ok(body(changed),
                HttpJson.TEXT_UTF8)).build());
    }

    String body(List<ConfigKey> changed) {
        StringBuilder lines = new StringBuilder();
        for (ConfigKey key : changed) {
            ListeningConfigs.Listened listened = named.get(key);
            lines.append(listened.dataId()).append('\u0002').append(listened.group());
            if (!listened.tenant().isBlank()) {
                lines.append('\u0002').append(listened.tenant());
            }
            lines.append('\u0001');
        }
        return URLEncoder.encode(lines.toString(), StandardCharsets.UTF_8) + "\n";
    }

    /** Nothing changed while the poll was held. */
    static Response none() {
        return ConfigContent.uncached(Response.ok("", HttpJson.TEXT_UTF8)).build();
    }

    static Response overLimit(String refusal) {
        return ConfigContent.uncached(Response.status(503).type(HttpJson.TEXT_UTF8).entity(refusal + "\n")).build();
    }
}
