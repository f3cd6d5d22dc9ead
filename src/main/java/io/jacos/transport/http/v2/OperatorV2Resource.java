package io.jacos.transport.http.v2;

import io.jacos.settings.NamingSettings;
import io.jacos.settings.UdpSettings;
import io.jacos.application.RuntimeSwitches;
import io.jacos.auth.Need;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.NamingMetrics;
import io.jacos.transport.http.NamingSwitches;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v2/ns/operator} (also {@code /ns/ops}, as in Nacos): the switches, a change of one of them, and the
 * server's metrics, in the v2 envelope. Only the switches {@link RuntimeSwitches} can honour are changed; a change
 * holds on the node that takes it. Nacos's {@code debug=true} asks for exactly that (this node, not stored), so in
 * cluster mode a change without it is refused: it would leave the other nodes telling clients something else.
 */
@Path("ns/{section: operator|ops}")
@ApplicationScoped
public class OperatorV2Resource {

    private NamingMetrics metrics;
    private NamingSettings namingSettings;
    private UdpSettings udpSettings;
    private RuntimeSwitches switches;
    private ClusterMembers members;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public OperatorV2Resource() {
    }

    @Inject
    public OperatorV2Resource(NamingMetrics metrics, NamingSettings namingSettings, UdpSettings udpSettings,
                              RuntimeSwitches switches, ClusterMembers members, HttpJson json, ParsedRequest request) {
        this.metrics = metrics;
        this.namingSettings = namingSettings;
        this.udpSettings = udpSettings;
        this.switches = switches;
        this.members = members;
        this.json = json;
        this.request = request;
    }

    @GET
    @Path("switches")
    @Access(Need.IDENTITY)
    public Response switches() {
        return json.ok(V2Result.success(NamingSwitches.of(namingSettings, udpSettings, switches)));
    }

    @PUT
    @Path("switches")
    @Access(Need.ADMIN)
    public Response updateSwitch() {
        RequestParams params = request.params();
        String entry = params.required("entry");
        String value = params.required("value");
        boolean debug = params.bool("debug", false);
        if (members.clusterMode() && !debug) {
            throw RegistryException.illegal("debug", "A switch changes on this node only: Jacos does not share"
                    + " switches between nodes. Send debug=true to change it here, and on each node that should have"
                    + " it.");
        }
        switches.change(entry, value);
        return json.ok(V2Result.success("ok"));
    }

    @GET
    @Path("metrics")
    @Access(Need.IDENTITY)
    public Response metrics() {
        return json.ok(V2Result.success(metrics.of(request.params().bool("onlyStatus", true), false)));
    }
}
