package io.jacos.bench;

import io.jacos.it.support.JacosServer;

import java.time.Duration;

/** A server process the benchmark started, ready to be measured, and to be stopped when the run ends. */
interface StartedServer {

    String serverAddr();

    long pid();

    /** From the launch of its process to its first readiness answer. */
    Duration readyAfter();

    void stop();

    static StartedServer of(JacosServer server) {
        return new StartedServer() {
            @Override
            public String serverAddr() {
                return server.serverAddr();
            }

            @Override
            public long pid() {
                return server.pid();
            }

            @Override
            public Duration readyAfter() {
                return server.readyAfter();
            }

            @Override
            public void stop() {
                server.stop();
            }
        };
    }
}
