package io.jacos.auth;

import io.jacos.infrastructure.HostServer;
import io.jacos.infrastructure.ListenAddresses;
import io.jacos.infrastructure.ServerEndpoints;
import io.jacos.settings.AuthSettings;
import io.jacos.settings.UdpSettings;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * With auth on, prepares the token key and the first admin while the application deploys ({@link AdminBootstrap});
 * with auth off, warns once when the server listens beyond loopback ({@link ExposureWarning}).
 * When that is refused, the reason is logged as SEVERE, readiness stays DOWN with it ({@link AuthReadinessCheck}) and
 * every request needing a token is refused: the deployment stays up so the reason can be read from the readiness
 * probe, but the server never becomes ready, and nothing is served without a valid token.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class AuthStartup {

    private static final Logger LOG = Logger.getLogger(AuthStartup.class.getName());

    @Inject
    AuthSettings settings;
    @Inject
    AuthStore store;
    @Inject
    Tokens tokens;
    @Inject
    ServerEndpoints endpoints;
    @Inject
    UdpSettings udpSettings;
    @Inject
    HostServer hostServer;

    private final LogRedaction redaction = new LogRedaction();
    private volatile String refusal;

    public void start() {
        // Also with auth off: clients configured with credentials still send (empty or stale) tokens and passwords.
        redaction.install();
        endpoints.ignoredAddressVariable().ifPresent(LOG::warning);
        if (!settings.enabled()) {
            ExposureWarning.line(false, listeners(), ExposureWarning::resolvesToLoopback).ifPresent(LOG::warning);
            return;
        }
        try {
            tokens.prepare();
            AdminBootstrap.Outcome outcome = AdminBootstrap.ensureAdmin(settings, store,
                    new PasswordHash(new SecureRandom(), settings.passwordIterations()));
            if (outcome == AdminBootstrap.Outcome.ADMIN_CREATED) {
                LOG.info("Auth is on; created the global admin '" + AdminBootstrap.ADMIN_USER
                        + "' with the initial password from " + AuthSettings.ADMIN_PASSWORD.name());
            } else {
                LOG.info("Auth is on; a global admin exists"
                        + (settings.adminPassword().isPresent() ? " (" + AuthSettings.ADMIN_PASSWORD.name()
                        + " is ignored: it only sets the first admin's password)" : ""));
            }
        } catch (IllegalStateException e) {
            refusal = e.getMessage();
            LOG.severe("REFUSING TO SERVE: " + refusal);
        }
    }

    private List<ExposureWarning.Listener> listeners() {
        ListenAddresses addresses = endpoints.listenAddresses();
        List<ExposureWarning.Listener> listeners = new ArrayList<>();
        if (hostServer.payaraMicro()) {
            listeners.add(new ExposureWarning.Listener("HTTP", addresses.http(), endpoints.mainPort()));
        }
        listeners.add(new ExposureWarning.Listener("gRPC", addresses.grpc(), endpoints.grpcPort()));
        if (udpSettings.udpPushEnabled()) {
            listeners.add(new ExposureWarning.Listener("UDP push", addresses.udp(), udpSettings.udpPort()));
        }
        return listeners;
    }

    public void stop() {
        redaction.uninstall();
    }

    /** Why this server refuses to serve, if it does. */
    public Optional<String> refusal() {
        return Optional.ofNullable(refusal);
    }
}
