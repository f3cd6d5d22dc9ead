package io.jacos.boot;

import io.jacos.application.ConfigService;
import io.jacos.application.GracefulLeave;
import io.jacos.application.internal.ConfigCatchUp;
import io.jacos.application.internal.HandedOffClients;
import io.jacos.application.internal.StoredNamingLoader;
import io.jacos.auth.AuthStartup;
import io.jacos.balance.Rebalancer;
import io.jacos.boot.BootSequence.Step;
import io.jacos.cluster.ClusterChannel;
import io.jacos.health.ConnectionHealthCheck;
import io.jacos.health.LeaseCheck;
import io.jacos.health.PersistentHealthCheck;
import io.jacos.persistence.StorageStartup;
import io.jacos.metrics.JacosMetrics;
import io.jacos.push.ConfigPushService;
import io.jacos.push.PushService;
import io.jacos.registry.IdleServiceSweep;
import io.jacos.registry.RegistryReader;
import io.jacos.replication.JoinSync;
import io.jacos.replication.ReplicationStartup;
import io.jacos.transport.grpc.ConnectionTable;
import io.jacos.transport.grpc.GrpcServerLifecycle;
import io.jacos.transport.grpc.GrpcWarmUp;
import io.jacos.transport.http.admin.StartTime;
import io.jacos.transport.udp.UdpPushChannel;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;

import java.util.List;

/**
 * Starts the application while it deploys, one step after the other, and stops it in reverse order:
 * <ol>
 * <li>start time: what the server page reports as started;</li>
 * <li>registry: the one writer and the reader it produces exist before any step starts a thread that writes or
 * reads through them. On WildFly an EJB singleton first called from such a thread waits for the whole boot to
 * end; a thread that makes the application-scoped reader through the singleton's producer would wait there
 * while holding the reader's creation lock, which the boot then needs (the metrics step reads it): a deadlock.
 * Reading through the reader here makes both on the boot thread;</li>
 * <li>gRPC warm-up: the transport's classes and native library load on another thread meanwhile;</li>
 * <li>storage: the database opens and migrates, or the deployment fails with the reason;</li>
 * <li>auth: the token key and first admin (it stores them), the log redaction, the exposure warning;</li>
 * <li>push engine: its tick runs before the first change, so the stored naming's changes are pushed like any;</li>
 * <li>stored naming: namespaces, services, clusters and persistent instances back into the registry;</li>
 * <li>stored configurations: each one's md5 into the index listeners are compared against, then the tick that
 * tells listeners of changes, and the catch-up that takes in what other nodes change;</li>
 * <li>replication: its threads take peers' snapshots from the first view on;</li>
 * <li>cluster join: after the load, so peers' snapshots never race it (cluster mode only);</li>
 * <li>join sync: waits, bounded, until every peer's data is here, so nobody is served part of it;</li>
 * <li>periodic work on complete data: the handed-off client sweep, the idle service sweep, the 1.x lease check,
 * the persistent instances' health check, the idle connection check, the rebalance;</li>
 * <li>metrics: the counters run from here;</li>
 * <li>the doors: the gRPC request timeout sweep, the UDP push socket, then the gRPC server (HTTP opens when
 * the deployment completes, after all of this);</li>
 * <li>graceful leave: nothing at start; at stop it runs first, moving the connections to peers while the gRPC
 * server still answers, then leaving the cluster.</li>
 * </ol>
 * Any step that fails to start fails the deployment, after the steps before it are stopped. The sequence stops
 * when the web module stops ({@link BootShutdownListener}), while the application's classes can still be
 * loaded, and at the latest when this bean is destroyed. No container transaction around the start: the storage
 * and auth steps run their own, and the join sync may wait longer than a transaction would.
 */
@Startup
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class Boot {

    private BootSequence sequence;

    /** For the container's proxy. */
    public Boot() {
    }

    @Inject
    public Boot(StartTime startTime, RegistryReader registry, StorageStartup storage, AuthStartup auth, PushService push,
                StoredNamingLoader storedNaming, ReplicationStartup replication, ClusterChannel cluster,
                JoinSync joinSync, HandedOffClients handedOff, IdleServiceSweep idleServices, LeaseCheck leases,
                PersistentHealthCheck persistentHealth, ConnectionHealthCheck connectionHealth,
                Rebalancer rebalancer, JacosMetrics metrics, ConnectionTable connections, UdpPushChannel udp,
                GrpcWarmUp grpcWarmUp, GrpcServerLifecycle grpc, GracefulLeave leave, ConfigService configs,
                ConfigPushService configPush, ConfigCatchUp configCatchUp) {
        sequence = new BootSequence(List.of(
                Step.of("start time", startTime::record),
                Step.of("registry", registry::stats),
                Step.of("gRPC warm-up", grpcWarmUp::start),
                Step.of("storage", storage::open),
                new Step("auth", auth::start, auth::stop),
                new Step("push engine", push::start, push::stop),
                Step.of("stored naming", storedNaming::load),
                Step.of("stored configurations", configs::loadIndex),
                new Step("config push", configPush::start, configPush::stop),
                new Step("config catch-up", configCatchUp::start, configCatchUp::stop),
                new Step("replication", replication::start, replication::stop),
                new Step("cluster join", cluster::start, cluster::shutDown),
                Step.of("join sync", joinSync::awaitPeers),
                new Step("handed-off client sweep", handedOff::start, handedOff::stop),
                new Step("idle service sweep", idleServices::start, idleServices::stop),
                new Step("lease check", leases::start, leases::stop),
                new Step("persistent health check", persistentHealth::start, persistentHealth::stop),
                new Step("connection health check", connectionHealth::start, connectionHealth::stop),
                new Step("rebalance", rebalancer::start, rebalancer::stop),
                Step.of("metrics", metrics::start),
                new Step("gRPC request timeouts", connections::start, connections::stop),
                new Step("UDP push socket", udp::start, udp::shutDown),
                new Step("gRPC server", grpc::start, grpc::shutDown),
                new Step("graceful leave", () -> {
                }, leave::leave)));
    }

    @PostConstruct
    void start() {
        sequence.start();
    }

    /** Stops the started steps in reverse order; later calls do nothing. */
    @PreDestroy
    public void stop() {
        sequence.stop();
    }
}
