package io.jacos.transport.http.request;

import jakarta.enterprise.context.RequestScoped;

import java.lang.reflect.Method;

/**
 * The resource method the current API request was routed to, as {@link RouteRecording} found it; null for a
 * request no resource method of ours serves (the runtime's own answers, such as an automatic OPTIONS).
 */
@RequestScoped
public class RoutedMethod {

    private Method method;

    void set(Method method) {
        this.method = method;
    }

    public Method method() {
        return method;
    }

    /** The annotation on the method, or else on its class; null when neither has it or nothing was routed. */
    public <A extends java.lang.annotation.Annotation> A annotation(Class<A> type) {
        if (method == null) {
            return null;
        }
        A own = method.getAnnotation(type);
        return own != null ? own : method.getDeclaringClass().getAnnotation(type);
    }
}
