package io.jacos.transport.http.v1;

import io.jacos.settings.NamingSettings;
import io.jacos.settings.UdpSettings;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.push.PushStats;
import io.jacos.application.RuntimeSwitches;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.NamingMetrics;
import io.jacos.transport.http.NamingSwitches;
import io.jacos.transport.http.MemberListing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code /nacos/v1/ns/operator} (also reachable as {@code /ns/ops}, as in Nacos): the server status clients
 * check ({@code metrics}, whose {@code status} must be {@code UP}), the switches 1.x tooling reads, and the
 * member list of the cluster. Responsible counts are what this node owns (in a cluster, not its peers' copies).
 */
@Path("ns/{section: operator|ops}")
@ApplicationScoped
public class OperatorResource {

    /** The push channels the counters are kept for: 2.x/3.x clients over gRPC, 1.x clients over UDP. */
    static final List<String> CHANNELS = List.of("grpc", "udp");

    private NamingMetrics metrics;
    private NamingSettings namingSettings;
    private UdpSettings udpSettings;
    private RuntimeSwitches switches;
    private PushStats pushStats;
    private HttpJson json;
    private MemberListing members;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public OperatorResource() {
    }

    @Inject
    public OperatorResource(NamingMetrics metrics, NamingSettings namingSettings, UdpSettings udpSettings,
                            RuntimeSwitches switches, PushStats pushStats, HttpJson json, MemberListing members,
                            ParsedRequest request) {
        this.metrics = metrics;
        this.namingSettings = namingSettings;
        this.udpSettings = udpSettings;
        this.switches = switches;
        this.pushStats = pushStats;
        this.json = json;
        this.members = members;
        this.request = request;
    }

    @GET
    @Path("metrics")
    @Access(Need.IDENTITY)
    public Response metrics() {
        return json.ok(metrics.of(request.params().bool("onlyStatus", true), true));
    }

    /**
     * Push outcomes as Nacos's {@code push/state} gives them ({@code succeed}, {@code total}, {@code ratio}), plus
     * the same per channel under {@code channels}. Counters are never reset here: {@code reset} is always false.
     */
    @GET
    @Path("push/state")
    @Access(Need.IDENTITY)
    public Response pushState() {
        Map<String, Object> answer = pushCounts(pushStats.succeededCount(), pushStats.failedCount());
        answer.put("reset", false);
        Map<String, Object> channels = new LinkedHashMap<>();
        for (String channel : CHANNELS) {
            channels.put(channel, pushCounts(pushStats.succeededCount(channel), pushStats.failedCount(channel)));
        }
        answer.put("channels", channels);
        return json.ok(answer);
    }

    private static Map<String, Object> pushCounts(long succeeded, long failed) {
        Map<String, Object> counts = new LinkedHashMap<>();
        long total = succeeded + failed;
        counts.put("succeed", succeeded);
        counts.put("total", total);
        counts.put("ratio", total == 0 ? 0f : (float) succeeded / total);
        return counts;
    }

    /** Nacos's switch domain with the values this server works by; read-only here. */
    @GET
    @Path("switches")
    @Access(Need.IDENTITY)
    public Response switches() {
        return json.ok(NamingSwitches.of(namingSettings, udpSettings, switches));
    }

    /** The cluster's nodes as Nacos's member list shows them (this node alone when standalone). */
    @GET
    @Path("servers")
    @Access(Need.IDENTITY)
    public Response servers() {
        return json.ok(Map.of("servers", members.nodes(Optional.empty())));
    }
}
