package io.jacos.it.client3.maintainer;

import com.alibaba.nacos.api.exception.NacosException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;

/**
 * Nacos 3's maintainer SDK ({@code nacos-maintainer-client} 3.1.0), called by method name. Its classes and the 3.x
 * API models it answers with are only on this execution's run-time class path (they share packages with the
 * 2.5.1 client the tests compile against), so the calls go by reflection and what the SDK parsed comes back as
 * JSON: the SDK still reads every answer into its own types first, which is what is under test.
 */
final class MaintainerSdk implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Object service;

    private MaintainerSdk(Object service) {
        this.service = service;
    }

    static MaintainerSdk config(String serverAddr, Map<String, String> extra) throws Exception {
        return create("com.alibaba.nacos.maintainer.client.NacosMaintainerFactory", "createConfigMaintainerService",
                serverAddr, extra);
    }

    static MaintainerSdk naming(String serverAddr, Map<String, String> extra) throws Exception {
        return create("com.alibaba.nacos.maintainer.client.naming.NamingMaintainerFactory",
                "createNamingMaintainerService", serverAddr, extra);
    }

    private static MaintainerSdk create(String factoryClass, String factoryMethod, String serverAddr,
                                        Map<String, String> extra) throws Exception {
        Properties properties = new Properties();
        properties.setProperty("serverAddr", serverAddr);
        properties.putAll(extra);
        Class<?> factory = Class.forName(factoryClass);
        try {
            return new MaintainerSdk(factory.getMethod(factoryMethod, Properties.class).invoke(null, properties));
        } catch (InvocationTargetException e) {
            throw unwrap(e);
        }
    }

    /**
     * An object of one of the 3.x API model classes (say {@code com.alibaba.nacos.api.naming.pojo.Service}), built
     * through its setters, one per property given: the 2.5.1 classes the tests compile against lack some of them.
     */
    static Object model(String className, Map<String, ?> properties) throws Exception {
        Class<?> type = Class.forName(className);
        Object model = type.getConstructor().newInstance();
        for (Map.Entry<String, ?> property : properties.entrySet()) {
            String setter = "set" + Character.toUpperCase(property.getKey().charAt(0)) + property.getKey().substring(1);
            Method method = Arrays.stream(type.getMethods())
                    .filter(m -> m.getName().equals(setter) && takes(m.getParameterTypes(), new Object[] {
                            property.getValue()}))
                    .findFirst().orElseThrow(() -> new AssertionError("no " + setter + " on " + className));
            method.invoke(model, property.getValue());
        }
        return model;
    }

    /** Calls the SDK method of that name whose parameters take these arguments; its result as JSON. */
    JsonNode call(String method, Object... args) throws NacosException {
        Method target = Arrays.stream(service.getClass().getMethods())
                .filter(m -> m.getName().equals(method) && takes(m.getParameterTypes(), args))
                .findFirst().orElseThrow(() -> new AssertionError("no SDK method " + method + Arrays.toString(args)));
        try {
            return JSON.valueToTree(target.invoke(service, args));
        } catch (InvocationTargetException e) {
            Exception cause = unwrap(e);
            if (cause instanceof NacosException nacos) {
                throw nacos;
            }
            throw new AssertionError("SDK call " + method + " failed", cause);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static boolean takes(Class<?>[] types, Object[] args) {
        if (types.length != args.length) {
            return false;
        }
        for (int i = 0; i < types.length; i++) {
            if (args[i] != null && !box(types[i]).isInstance(args[i])) {
                return false;
            }
        }
        return true;
    }

    private static Class<?> box(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        return switch (type.getName()) {
            case "int" -> Integer.class;
            case "long" -> Long.class;
            case "boolean" -> Boolean.class;
            case "double" -> Double.class;
            case "float" -> Float.class;
            default -> Object.class;
        };
    }

    private static Exception unwrap(InvocationTargetException e) {
        return e.getCause() instanceof Exception cause ? cause : new RuntimeException(e.getCause());
    }

    @Override
    public void close() throws Exception {
        try {
            service.getClass().getMethod("shutdown").invoke(service);
        } catch (InvocationTargetException e) {
            throw unwrap(e);
        }
    }
}
