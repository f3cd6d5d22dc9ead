package io.jacos.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The phases of 1.x clients (HTTP v1 API and UDP push), run one after the other. A phase the server cannot serve
 * (a build without the HTTP API or UDP push) is logged and left out rather than failing the whole run, so that
 * such a build can still be compared side by side on everything else.
 */
final class V1Phases {

    /** Null for a phase switched off or not measured; {@code notMeasured} says why for the latter. */
    record Result(BeatPhase.Result beats, UdpPushPhase.Result udp, List<String> notMeasured) {
    }

    private V1Phases() {
    }

    static Result run(BenchConfig config, String serverAddr, ServerProcess server) throws InterruptedException {
        V1Http http = new V1Http(serverAddr);
        List<String> notMeasured = new ArrayList<>();
        BeatPhase.Result beats = null;
        if (config.beatInstances() > 0) {
            Benchmark.log("1.x beats: registering " + config.beatInstances() + " instances over HTTP in "
                    + config.beatServices() + " services");
            try {
                beats = BeatPhase.measure(config, http, server);
            } catch (RuntimeException e) {
                Benchmark.log("1.x beats not measured: " + e.getMessage());
                notMeasured.add("1.x beats: " + e.getMessage());
            }
        }
        UdpPushPhase.Result udp = null;
        if (config.udpRounds() > 0) {
            try {
                udp = UdpPushPhase.measure(config, http);
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                Benchmark.log("1.x UDP push not measured: " + e.getMessage());
                notMeasured.add("1.x UDP push: " + e.getMessage());
            }
        }
        return new Result(beats, udp, notMeasured);
    }
}
