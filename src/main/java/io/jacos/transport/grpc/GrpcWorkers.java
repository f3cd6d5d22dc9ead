package io.jacos.transport.grpc;

import io.jacos.infrastructure.ManagedPools;
import io.jacos.settings.ServerSettings;
import io.jacos.settings.PushSettings;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;

/**
 * The container-managed threads of the gRPC transport. Netty's event loops only move bytes: every request,
 * registry call, CDI event and disconnect clean-up runs on {@link #requests()}, and pushes are serialized and
 * written on {@link #pushWriters()}. Both are sized by settings and have bounded queues.
 */
@ApplicationScoped
public class GrpcWorkers {

    /** Connections with pushes to write wait here at most once each, so this bounds nothing a client grows. */
    private static final int PUSH_QUEUE = 1 << 20;

    private ManagedPools pools;
    private ServerSettings serverSettings;
    private PushSettings pushSettings;

    /** For the container's proxy. */
    protected GrpcWorkers() {
    }

    @Inject
    public GrpcWorkers(ManagedPools pools, ServerSettings serverSettings, PushSettings pushSettings) {
        this.pools = pools;
        this.serverSettings = serverSettings;
        this.pushSettings = pushSettings;
    }

    private ExecutorService requests;
    private ExecutorService pushWriters;

    @PostConstruct
    void create() {
        requests = pools.fixed("grpc-request", serverSettings.grpcExecutorThreads(), serverSettings.grpcExecutorQueue());
        pushWriters = pools.fixed("push-writer", pushSettings.pushWorkers(), PUSH_QUEUE);
    }

    public Executor requests() {
        return requests;
    }

    public Executor pushWriters() {
        return pushWriters;
    }
}
