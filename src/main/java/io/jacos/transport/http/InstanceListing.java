package io.jacos.transport.http;

import io.jacos.application.BeatTimes;
import io.jacos.application.RuntimeSwitches;
import io.jacos.application.IpPortClientService;
import io.jacos.application.Selection;
import io.jacos.application.ServiceRef;
import io.jacos.settings.UdpSettings;
import io.jacos.settings.NamingSettings;
import io.jacos.model.ServiceMeta;
import io.jacos.registry.RegistryReader;
import io.jacos.transport.http.param.ClientAgent;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.legacy.LegacyServiceInfo;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Map;

/**
 * The instance list of the v1 and v2 HTTP APIs: the 1.x ServiceInfo of a service (grouped {@code name} plus
 * {@code groupName}, enabled hosts of the requested clusters, healthy-only and protect threshold applied). When
 * the caller gives a UDP port and is a client Nacos would push to (by its agent string), it is also subscribed
 * for UDP pushes at {@code subscriberIp:udpPort}; anyone else just reads.
 */
@ApplicationScoped
public class InstanceListing {

    private IpPortClientService clients;
    private RegistryReader reader;
    private UdpSettings udpSettings;
    private NamingSettings namingSettings;
    private RuntimeSwitches switches;

    /** For the container's proxy. */
    protected InstanceListing() {
    }

    @Inject
    public InstanceListing(IpPortClientService clients, RegistryReader reader, UdpSettings udpSettings,
                           NamingSettings namingSettings, RuntimeSwitches switches) {
        this.clients = clients;
        this.reader = reader;
        this.udpSettings = udpSettings;
        this.namingSettings = namingSettings;
        this.switches = switches;
    }

    /**
     * What a list call asks for; {@code udpPortParam} names the parameter the port came in, for refusals, and
     * {@code source} is the request's TCP peer, which the subscriber endpoints it may name are counted against.
     */
    public record ListRequest(ServiceRef service, String clusters, boolean healthyOnly, String agent,
                              String subscriberIp, int udpPort, String udpPortParam, String source) {
    }

    /** Answers kept: one per service and filter that 1.x clients poll; beyond this, some are written anew. */
    private static final int CACHED_ANSWERS = 10_000;

    private final ListAnswerCache answers = new ListAnswerCache(CACHED_ANSWERS);

    /** The answer as the v1 API writes it, from the cache while the service's view has not changed. */
    public byte[] listJson(ListRequest request, HttpJson json) {
        Selection selection = select(request);
        Map<String, String> metadata = metadata(selection);
        long cacheMillis = namingSettings.cacheMillis();
        BeatTimes beatTimes = switches.beatTimes();
        return answers.answer(selection, request.healthyOnly(),
                ListAnswerCache.Inputs.of(selection, metadata, cacheMillis, beatTimes),
                () -> json.bytes(LegacyServiceInfo.of(selection, metadata, cacheMillis, true, beatTimes)));
    }

    public LegacyServiceInfo list(ListRequest request) {
        Selection selection = select(request);
        return LegacyServiceInfo.of(selection, metadata(selection), namingSettings.cacheMillis(), true,
                switches.beatTimes());
    }

    private Map<String, String> metadata(Selection selection) {
        return reader.serviceMeta(selection.service()).map(ServiceMeta::metadata).orElse(Map.of());
    }

    private Selection select(ListRequest request) {
        int udpPort = request.udpPort();
        if (udpPort < 0 || udpPort > 65535) {
            throw RequestParams.illegal(request.udpPortParam(), Integer.toString(udpPort), "0 to 65535");
        }
        boolean push = udpPort > 0 && udpSettings.udpPushEnabled() && ClientAgent.canPush(request.agent());
        return clients.list(request.service(), request.clusters(), request.healthyOnly(),
                request.subscriberIp(), push ? udpPort : 0, request.source());
    }
}
