package io.jacos.transport.http.config;

import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigService;
import io.jacos.auth.Need;
import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;
import io.jacos.model.RegistryException;
import io.jacos.push.ConfigLongPollService;
import io.jacos.push.ConfigLongPolls;
import io.jacos.push.ConfigStats;
import io.jacos.settings.ConfigSettings;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.ListeningConfigs;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.CompletionCallback;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code POST /nacos/v1/cs/configs/listener}, the 1.x clients' long poll. The configurations whose md5 differs from
 * the client's are answered at once; otherwise the request is held, without a thread, until one changes or
 * {@code Long-Pulling-Timeout} less 500 ms has passed (at least 10 s, at most {@code jacos.config.max-long-poll-millis}),
 * then answered with the changed ones or nothing. A client that says {@code Long-Pulling-Timeout-No-Hangup}, or none
 * at all, is answered at once. Each md5 is compared with the version the client is served (its beta by its IP as
 * Nacos takes it, a tag gray by its {@code Vipserver-Tag} header, else the formal one). Over
 * {@code jacos.config.max-long-polls} held polls the answer is 503. A GET on the same path lists who listens.
 */
@Path("cs/configs/listener")
@ApplicationScoped
public class ConfigListenerResource {

    static final String DEFAULT_GROUP = "DEFAULT_GROUP";
    static final long EARLY_MILLIS = 500;
    static final long LEAST_HOLD_MILLIS = 10_000;
    static final long LATE_ANSWER_MILLIS = 1_000;

    private ConfigService configs;
    private ConfigLongPollService polls;
    private ConfigSettings settings;
    private ConfigStats stats;
    private ParsedRequest request;
    private ConfigListenerLookup listeners;
    private ListenersOnEveryNode everyNode;
    private HttpJson json;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigListenerResource() {
    }

    @Inject
    public ConfigListenerResource(ConfigService configs, ConfigLongPollService polls, ConfigSettings settings,
                                  ConfigStats stats, ParsedRequest request, ConfigListenerLookup listeners,
                                  ListenersOnEveryNode everyNode, HttpJson json) {
        this.listeners = listeners;
        this.everyNode = everyNode;
        this.json = json;
        this.configs = configs;
        this.polls = polls;
        this.settings = settings;
        this.stats = stats;
        this.request = request;
    }

    /**
     * Who listens to the configuration on any node, as Nacos's v1 answers it: {@code collectStatus} 200 and
     * {@code lisentersGroupkeyStatus} (Nacos's spelling) from each client's address to the md5 it holds, null for a
     * gRPC listener, whose md5 is not kept. A blank {@code group} is the default group, as in Nacos.
     */
    @GET
    @Access(value = Need.READ, namespace = Access.Scope.TENANT, target = Access.Target.CONFIG)
    public Response listeners() {
        RequestParams params = request.params();
        if (params.get("group") == null) {
            throw RequestParams.missing("group");
        }
        ConfigRef ref = new ConfigRef(params.text("tenant"), params.text("group", DEFAULT_GROUP),
                params.get("dataId"));
        Map<String, String> status = new TreeMap<>();
        listeners.of(ref).forEach(listener -> ConfigListenerLookup.byAddress(status, listener));
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("collectStatus", 200);
        answer.put("lisentersGroupkeyStatus", everyNode.merged(status, "lisentersGroupkeyStatus"));
        return json.ok(answer);
    }

    @POST
    @Access(value = Need.READ, namespace = Access.Scope.LISTENING)
    public void poll(@Context HttpHeaders headers, @Context HttpServletRequest servlet,
                     @Suspended AsyncResponse response) {
        Long hold = holdMillis(headers.getHeaderString("Long-Pulling-Timeout"));
        Map<ConfigKey, ListeningConfigs.Listened> named = new LinkedHashMap<>();
        Map<ConfigKey, String> md5s = new LinkedHashMap<>();
        for (ListeningConfigs.Listened listened : request.listening().configs()) {
            ConfigKey key = configs.keyOf(new ConfigRef(listened.tenant(), listened.group(), listened.dataId()));
            named.put(key, listened);
            md5s.put(key, listened.md5());
        }
        PollAnswers answers = new PollAnswers(named, response, stats);
        ConfigView view = ConfigWrites.viewOf(servlet, null);
        if (hold == null || "true".equalsIgnoreCase(headers.getHeaderString("Long-Pulling-Timeout-No-Hangup"))) {
            answers.changed(changedNow(md5s, view));
            return;
        }
        AtomicReference<ConfigLongPolls.Poll> held = new AtomicReference<>();
        response.setTimeoutHandler(timedOut -> {
            ConfigLongPolls.Poll poll = held.get();
            if (poll == null || poll.release()) {
                answers.changed(List.of());
            } else {
                // A change ended the poll a moment ago; its answer is on its way.
                timedOut.setTimeout(LATE_ANSWER_MILLIS, TimeUnit.MILLISECONDS);
            }
        });
        response.setTimeout(hold, TimeUnit.MILLISECONDS);
        ConfigLongPolls.Poll poll = polls.hold(servlet.getRemoteAddr(), view, md5s, answers::changed);
        if (poll == null) {
            refuseLater(response);
            return;
        }
        held.set(poll);
        response.register((CompletionCallback) failure -> poll.release());
        if (!response.isSuspended()) {
            poll.release();
            return;
        }
        List<ConfigKey> changed = changedNow(md5s, view);
        if (!changed.isEmpty()) {
            poll.answer(changed);
        }
    }

    private List<ConfigKey> changedNow(Map<ConfigKey, String> md5s, ConfigView view) {
        return md5s.entrySet().stream().filter(e -> !e.getValue().equals(configs.md5(e.getKey(), view)))
                .map(Map.Entry::getKey).toList();
    }

    /**
     * Over the bound, the 503 waits 1 to 3 s, as Nacos's does: a 1.x client polls again at once after a failed
     * poll, and would otherwise spin.
     */
    private void refuseLater(AsyncResponse response) {
        String refusal = "Too many long polls are held (" + ConfigSettings.MAX_LONG_POLLS.name() + " = "
                + settings.maxLongPolls() + "); try again later.";
        response.setTimeoutHandler(timedOut -> timedOut.resume(PollAnswers.overLimit(refusal)));
        response.setTimeout(1_000 + ThreadLocalRandom.current().nextLong(2_000), TimeUnit.MILLISECONDS);
    }

    /** How long to hold, from the client's timeout header; null for a client that asks for no hold. */
    private Long holdMillis(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        long asked;
        try {
            asked = Long.parseLong(header.trim());
        } catch (NumberFormatException e) {
            throw RegistryException.illegal("Long-Pulling-Timeout", "Header 'Long-Pulling-Timeout' is not a number"
                    + " of milliseconds.");
        }
        return Math.min(settings.maxHoldMillis(), Math.max(LEAST_HOLD_MILLIS, asked - EARLY_MILLIS));
    }
}
