package io.jacos.application.internal;

import io.jacos.application.InstanceEdit;
import io.jacos.application.InstanceSpec;
import io.jacos.application.ServiceRef;
import io.jacos.application.ServiceSettings;
import io.jacos.application.validation.InstanceIp;
import io.jacos.application.validation.InstanceClusterName;
import io.jacos.application.validation.GroupName;
import io.jacos.application.validation.InputValidator;
import io.jacos.application.validation.NamespaceId;
import io.jacos.application.validation.Required;
import io.jacos.settings.NamingSettings;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.Selector;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns what a transport received into registry values: the declared constraints first, in one validation
 * per request, then the configured limits, then the Nacos defaults. Every transport comes through here, so an
 * input refused on gRPC is refused on HTTP with the same message.
 */
@Dependent
public class InputNormalizer {

    static final String DEFAULT_NAMESPACE = "public";
    static final String DEFAULT_GROUP = "DEFAULT_GROUP";

    // What each use case validates in one call; report order across fields is InputValidator's.
    record Registration(@Valid ServiceRef service, @Required @Valid InstanceSpec instance) {
    }

    record BatchRegistration(@Valid ServiceRef service,
                             @Required List<@Required(param = "instance") @Valid InstanceSpec> instances) {
    }

    /** The cluster filter as its parts, so a refusal names the one bad cluster. */
    record Lookup(@Valid ServiceRef service, List<@InstanceClusterName String> clusterName) {
    }

    /** Only the names are rules; page numbers below 1 read as 1 and large pages are cut, as Nacos does. */
    record Listing(@NamespaceId String namespace, @GroupName String groupName, int pageNo, int pageSize) {
    }

    /** An instance named by its address, as deregistration, beats and health marks name it. */
    record Endpoint(@Valid ServiceRef service, @Required @InstanceIp String ip,
                    @Required @Min(value = 0, message = "0 to 65535") @Max(value = 65535, message = "0 to 65535")
                    Integer port) {
    }

    /** An instance as an operator names it (cluster, address), with the edit to make when there is one. */
    record AdminTarget(@Valid ServiceRef service, @InstanceClusterName String clusterName, @Required @InstanceIp String ip,
                       @Required @Min(value = 0, message = "0 to 65535") @Max(value = 65535, message = "0 to 65535")
                       Integer port, @Valid InstanceEdit edit) {
    }

    record Declaration(@Valid ServiceRef service, @Valid ServiceSettings settings) {
    }

    /** What a registration publishes: the service and its instances, valid and defaulted. */
    record Publication(ServiceKey service, List<Instance> instances) {
    }

    private final InputValidator validator;
    private final InputLimits limits;

    @Inject
    InputNormalizer(InputValidator validator, NamingSettings settings) {
        this(validator, InputLimits.from(settings));
    }

    InputNormalizer(InputValidator validator, InputLimits limits) {
        this.validator = validator;
        this.limits = limits;
    }

    ServiceKey service(ServiceRef service) {
        return key(validator.check(service));
    }

    ServiceKey endpoint(ServiceRef service, String ip, Integer port) {
        validator.check(new Endpoint(service, ip, port));
        return key(service);
    }

    /** Checks an operator's instance address and edit (null: only the address); returns the service's key. */
    ServiceKey adminTarget(ServiceRef service, String cluster, String ip, Integer port, InstanceEdit edit) {
        validator.check(new AdminTarget(service, cluster, ip, port, edit));
        if (edit != null) {
            limits.checkMetadata(edit.metadata());
        }
        return key(service);
    }

    /** The operator's settings, valid and defaulted (threshold 0, no metadata, selector none). */
    ServiceMeta meta(ServiceRef service, ServiceSettings settings) {
        validator.check(new Declaration(service, settings));
        limits.checkMetadata(settings.metadata());
        String type = orDefault(settings.selectorType(), Selector.TYPE_NONE);
        if (Selector.TYPE_LABEL.equals(type) && orDefault(settings.selectorExpression(), "").isBlank()) {
            throw RegistryException.illegal("selector",
                    "Param 'selector' is illegal: a label selector needs an expression.");
        }
        return new ServiceMeta(settings.protectThreshold() == null ? 0f : settings.protectThreshold(),
                settings.metadata(), new Selector(type, settings.selectorExpression()));
    }

    ServiceKey lookup(ServiceRef service, String clusters) {
        validator.check(new Lookup(service, clusterNames(clusters)));
        return key(service);
    }

    Listing listing(String namespace, String group, int pageNo, int pageSize) {
        validator.check(new Listing(namespace, group, pageNo, pageSize));
        return new Listing(orDefault(namespace, DEFAULT_NAMESPACE), orDefault(group, DEFAULT_GROUP),
                Math.max(pageNo, 1), limits.pageSize(pageSize));
    }

    Publication registration(ServiceRef service, InstanceSpec spec) {
        validator.check(new Registration(service, spec));
        limits.check(spec);
        ServiceKey key = key(service);
        return new Publication(key, List.of(instance(key, spec)));
    }

    Publication batch(ServiceRef service, List<InstanceSpec> specs) {
        if (specs != null) {
            // Counted before anything else, so an oversized batch costs no more than this check.
            limits.checkBatchSize(specs.size());
        }
        validator.check(new BatchRegistration(service, specs));
        ServiceKey key = key(service);
        List<Instance> instances = new ArrayList<>(specs.size());
        for (InstanceSpec spec : specs) {
            limits.check(spec);
            instances.add(instance(key, spec));
        }
        return new Publication(key, instances);
    }

    /** 400 when one call names more instances than {@code jacos.naming.max-instances-per-batch}. */
    void checkBatchSize(int count) {
        limits.checkBatchSize(count);
    }

    /** The filter string as the reader echoes it back: blank means all clusters. */
    static String clusterFilter(String clusters) {
        return clusters == null || clusters.isBlank() ? "" : clusters;
    }

    private static List<String> clusterNames(String clusters) {
        if (clusters == null || clusters.isBlank()) {
            return List.of();
        }
        return Arrays.stream(clusters.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static ServiceKey key(ServiceRef service) {
        return new ServiceKey(orDefault(service.namespace(), DEFAULT_NAMESPACE),
                orDefault(service.groupName(), DEFAULT_GROUP), service.serviceName());
    }

    private static Instance instance(ServiceKey service, InstanceSpec spec) {
        String cluster = orDefault(spec.clusterName(), Instance.DEFAULT_CLUSTER);
        String id = spec.instanceId() == null || spec.instanceId().isBlank()
                ? Instance.simpleId(spec.ip(), spec.port(), cluster, service) : spec.instanceId();
        return new Instance(id, spec.ip(), spec.port(), spec.weight() == null ? 1.0 : spec.weight(),
                orTrue(spec.healthy()), orTrue(spec.enabled()), orTrue(spec.ephemeral()), cluster, spec.metadata());
    }

    private static String orDefault(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }

    private static boolean orTrue(Boolean value) {
        return value == null || value;
    }
}
