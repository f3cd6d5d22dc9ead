package io.jacos.testing;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Application;

import java.io.File;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every HTTP route the server has, read from its JAX-RS model as the runtime reads it: each {@link Application}
 * under {@code io.jacos.transport.http} with its {@link ApplicationPath}, each resource class it lists, each method
 * with an HTTP method annotation. Nothing is listed by hand, so a new endpoint shows up here on its own.
 */
public final class ApiRoutes {

    private static final String API_PACKAGE = "io.jacos.transport.http";
    private static final Pattern TEMPLATE = Pattern.compile("\\{\\s*(\\w+)\\s*(?::\\s*([^}]*))?}");

    /**
     * @param method   GET, POST, ...
     * @param template the path below the context root, e.g. {@code /v1/ns/instance} or
     *                 {@code /admin/services/{group}/{service}}
     */
    public record Route(String method, String template, Method resourceMethod) {

        /** The path with every template parameter filled: a regex alternative's first choice, else the given value. */
        public String path(java.util.function.UnaryOperator<String> valueOf) {
            Matcher matcher = TEMPLATE.matcher(template);
            StringBuilder out = new StringBuilder();
            while (matcher.find()) {
                String regex = matcher.group(2);
                String value = regex != null && regex.matches("[\\w|]+") ? regex.split("\\|")[0]
                        : valueOf.apply(matcher.group(1));
                matcher.appendReplacement(out, Matcher.quoteReplacement(value));
            }
            matcher.appendTail(out);
            return out.toString();
        }

        @Override
        public String toString() {
            return method + " " + template + " (" + resourceMethod.getDeclaringClass().getSimpleName() + "."
                    + resourceMethod.getName() + ")";
        }
    }

    private ApiRoutes() {
    }

    public static List<Route> all() {
        List<Route> routes = new ArrayList<>();
        for (Class<?> type : applications()) {
            String root = "/" + strip(type.getAnnotation(ApplicationPath.class).value());
            Application application;
            try {
                application = (Application) type.getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            for (Class<?> resource : application.getClasses()) {
                Path classPath = resource.getAnnotation(Path.class);
                if (classPath == null) {
                    continue;
                }
                for (Method method : resource.getMethods()) {
                    String verb = verb(method);
                    if (verb == null) {
                        continue;
                    }
                    Path methodPath = method.getAnnotation(Path.class);
                    String path = join(root, strip(classPath.value()), methodPath == null ? "" : strip(methodPath.value()));
                    routes.add(new Route(verb, path, method));
                }
            }
        }
        routes.sort(Comparator.comparing(Route::template).thenComparing(Route::method));
        return routes;
    }

    private static String verb(Method method) {
        return Arrays.stream(method.getAnnotations())
                .map(a -> a.annotationType().getAnnotation(HttpMethod.class))
                .filter(Objects::nonNull).map(HttpMethod::value).findFirst().orElse(null);
    }

    private static String join(String... parts) {
        StringBuilder out = new StringBuilder();
        for (String part : parts) {
            String bare = strip(part);
            if (!bare.isEmpty()) {
                out.append('/').append(bare);
            }
        }
        return out.toString();
    }

    private static String strip(String part) {
        return part.replaceAll("^/+|/+$", "");
    }

    /** The JAX-RS applications of the API package, found on the class path (its folders: main and test classes). */
    static List<Class<?>> applications() {
        String folder = API_PACKAGE.replace('.', '/');
        List<Class<?>> found = new ArrayList<>();
        try {
            for (URL url : java.util.Collections.list(ApiRoutes.class.getClassLoader().getResources(folder))) {
                if (!"file".equals(url.getProtocol())) {
                    continue;
                }
                File[] files = new File(url.toURI()).listFiles((dir, name) -> name.endsWith(".class")
                        && !name.contains("$"));
                for (File file : Objects.requireNonNull(files)) {
                    Class<?> type = Class.forName(API_PACKAGE + '.' + file.getName().replace(".class", ""));
                    if (type.isAnnotationPresent(ApplicationPath.class) && Application.class.isAssignableFrom(type)) {
                        found.add(type);
                    }
                }
            }
        } catch (java.io.IOException | URISyntaxException | ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        if (found.isEmpty()) {
            throw new IllegalStateException("no JAX-RS application found under " + folder);
        }
        found.sort(Comparator.comparing(Class::getName));
        return found;
    }
}
