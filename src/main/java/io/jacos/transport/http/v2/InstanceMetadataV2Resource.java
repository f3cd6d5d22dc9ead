package io.jacos.transport.http.v2;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.application.InstanceAdminService.PublishedInstance;
import io.jacos.application.MetadataBatchService;
import io.jacos.application.MetadataBatchService.InstanceAddress;
import io.jacos.application.MetadataBatchService.MetadataChange;
import io.jacos.application.ServiceRef;
import io.jacos.auth.Need;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.Instance;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.MetadataParam;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code /nacos/v2/ns/instance/metadata/batch}: PUT adds or replaces the {@code metadata} entries on each instance
 * named in {@code instances} (a JSON list of {@code {"ip","port","clusterName"}}; absent: every instance of the
 * service), DELETE removes those keys. All or none ({@link MetadataBatchService}); where Nacos skips an instance it
 * does not find, and reads a malformed list as "every instance", this refuses the call. {@code consistencyType}
 * ({@code ephemeral} or {@code persist}) is taken as Nacos 2.x takes it: the instances named are changed whatever
 * their kind. The answer lists each changed instance as Nacos does, {@code ip:port:unknown:cluster:kind}.
 */
@Path("ns/instance/metadata/batch")
@ApplicationScoped
public class InstanceMetadataV2Resource {

    private static final Set<String> CONSISTENCY_TYPES = Set.of("ephemeral", "persist");

    private MetadataBatchService batches;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public InstanceMetadataV2Resource() {
    }

    @Inject
    public InstanceMetadataV2Resource(MetadataBatchService batches, HttpJson json, ParsedRequest request) {
        this.batches = batches;
        this.json = json;
        this.request = request;
    }

    @PUT
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    public Response update(@Context HttpServletRequest servlet) {
        return change(false, servlet);
    }

    @DELETE
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    public Response delete(@Context HttpServletRequest servlet) {
        return change(true, servlet);
    }

    private Response change(boolean remove, HttpServletRequest servlet) {
        RequestParams params = request.params();
        ServiceRef service = ServiceNames.v2(params);
        Map<String, String> metadata = MetadataParam.parse(params, "metadata");
        if (metadata == null) {
            throw RequestParams.missing("metadata");
        }
        String consistency = params.text("consistencyType");
        if (consistency != null && !CONSISTENCY_TYPES.contains(consistency)) {
            throw RequestParams.illegal("consistencyType", consistency, "ephemeral or persist");
        }
        List<PublishedInstance> changed = batches.change(service, targets(params.text("instances")),
                new MetadataChange(metadata, remove), ChangeOrigin.admin(servlet.getRemoteAddr()));
        List<String> updated = changed.stream().map(p -> shown(p.instance())).toList();
        return json.ok(V2Result.success(Map.of("updated", updated)));
    }

    /** The instances the list names; none for an absent list. Anything but a list of addresses is refused. */
    private List<InstanceAddress> targets(String text) {
        if (text == null) {
            return List.of();
        }
        JsonNode list;
        try {
            list = json.mapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw RequestParams.illegal("instances", text, "a JSON list of {\"ip\",\"port\",\"clusterName\"}");
        }
        if (list == null || !list.isArray()) {
            throw RequestParams.illegal("instances", text, "a JSON list of {\"ip\",\"port\",\"clusterName\"}");
        }
        List<InstanceAddress> targets = new ArrayList<>(list.size());
        for (JsonNode item : list) {
            JsonNode ip = item.path("ip");
            JsonNode port = item.path("port");
            JsonNode cluster = item.path("clusterName");
            if (!ip.isTextual() || !port.isInt() || !(cluster.isMissingNode() || cluster.isNull()
                    || cluster.isTextual())) {
                throw RequestParams.illegal("instances", item.toString(), "each instance with a text ip and a"
                        + " whole-number port, and a text clusterName when it has one");
            }
            targets.add(new InstanceAddress(cluster.isTextual() ? cluster.asText() : null, ip.asText(),
                    port.asInt()));
        }
        return targets;
    }

    private static String shown(Instance instance) {
        return instance.ip() + ':' + instance.port() + ":unknown:" + instance.clusterName() + ':'
                + (instance.ephemeral() ? "ephemeral" : "persist");
    }
}
