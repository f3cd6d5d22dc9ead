package io.jacos.transport.http.v1;

import io.jacos.transport.http.forward.ForwardToResponsible;
import io.jacos.transport.http.CountsAsRegistration;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.IpPortClientService;
import io.jacos.application.IpPortClientService.BeatAnswer;
import io.jacos.application.ServiceRef;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.param.BeatParams;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code PUT /nacos/v1/ns/instance/beat}. The answer always carries {@code clientBeatInterval}: the 1.4.6 client
 * reads it unchecked and skips the {@code code} handling without it, so it would never register again after a
 * {@code 20404} ("unknown instance, register again").
 */
@Path("ns/instance/beat")
@ApplicationScoped
public class BeatResource {

    private IpPortClientService clients;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public BeatResource() {
    }

    @Inject
    public BeatResource(IpPortClientService clients, HttpJson json, ParsedRequest request) {
        this.clients = clients;
        this.json = json;
        this.request = request;
    }

    @PUT
    @Access(value = Need.WRITE, target = Access.Target.NAMING)
    @CountsAsRegistration(onlyWith = "beat")
    @ForwardToResponsible(ForwardToResponsible.Key.BEAT)
    public Response beat() {
        RequestParams params = request.params();
        ServiceRef service = ServiceNames.v1(params);
        BeatAnswer answer = clients.beat(service, BeatParams.spec(params));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("clientBeatInterval", answer.clientBeatInterval());
        result.put("code", answer.code());
        result.put("lightBeatEnabled", answer.lightBeatEnabled());
        return json.ok(result);
    }
}
