package io.jacos.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The phases of 1.x clients (HTTP v1 API and UDP push), run one after the other. A phase the server cannot serve
 * (a build without the HTTP API or UDP push) is logged and left out rather than failing the whole run, so that
 * such a build can still be compared side by side on everything else.
 */
final class V1Phases {

    /**
     * Null for a phase switched off or not measured; {@code notMeasured} says why for the latter. The persistent
     * registrations and removals are each stored in the server's database before they are answered.
     */
    record Result(BeatPhase.Result beats, BeatPhase.Result lists, UdpPushPhase.Result udp, BeatPhase.Result persistentRegistrations,
                  BeatPhase.Result persistentRemovals, HealthLoadPhase.Result health, List<String> notMeasured) {
    }

    private V1Phases() {
    }

    static Result run(BenchConfig config, String serverAddr, ServerProcess server) throws InterruptedException {
        V1Http http = new V1Http(serverAddr).loggedIn(config.auth());
        List<String> notMeasured = new ArrayList<>();
        BeatPhase.Result beats = null;
        BeatPhase.Result lists = null;
        if (config.beatInstances() > 0) {
            Benchmark.log("1.x beats: registering " + config.beatInstances() + " instances over HTTP in "
                    + config.beatServices() + " services");
            try {
                BeatPhase.Measured measured = BeatPhase.measure(config, http, server);
                beats = measured.beats();
                lists = measured.lists();
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
        BeatPhase.Result[] persistent = {null, null};
        if (config.persistentInstances() > 0) {
            try {
                persistent = persistent(config, http, server);
            } catch (RuntimeException e) {
                Benchmark.log("persistent registrations not measured: " + e.getMessage());
                notMeasured.add("persistent registrations: " + e.getMessage());
            }
        }
        HealthLoadPhase.Result health = null;
        if (config.healthTargets() > 0) {
            try {
                health = HealthLoadPhase.measure(config, http, server);
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                Benchmark.log("health checks under load not measured: " + e.getMessage());
                notMeasured.add("health checks under load: " + e.getMessage());
            }
        }
        return new Result(beats, lists, udp, persistent[0], persistent[1], health, notMeasured);
    }

    /** A warm-up pass of registrations and removals, then the measured one: {registrations, removals}. */
    private static BeatPhase.Result[] persistent(BenchConfig config, V1Http http, ServerProcess server)
            throws InterruptedException {
        BeatPhase.Result[] measured = new BeatPhase.Result[2];
        for (String pass : List.of("warm-up", "measured")) {
            BeatPhase phase = new BeatPhase(http, config.persistentInstances(), config.beatServices(),
                    config.beatThreads(), server, config.phaseTimeoutMillis(), "bench-persistent-", false);
            measured[0] = phase.register();
            measured[1] = phase.deregister();
            Benchmark.log("persistent instances, " + pass + ": " + measured[0].completed() + " registered at "
                    + Report.fmt(measured[0].perSecond()) + "/s (" + Report.fmt(measured[0].serverCpuMicrosPerCall())
                    + " us server CPU each), " + measured[1].completed() + " removed at "
                    + Report.fmt(measured[1].perSecond()) + "/s");
            if (measured[0].failed() > 0 || measured[1].failed() > 0) {
                throw new IllegalStateException((measured[0].failed() + measured[1].failed())
                        + " persistent registrations or removals failed, first: "
                        + (measured[0].firstError() != null ? measured[0].firstError() : measured[1].firstError()));
            }
        }
        return measured;
    }
}
