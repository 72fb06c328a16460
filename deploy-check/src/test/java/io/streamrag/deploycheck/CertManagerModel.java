package io.streamrag.deploycheck;

import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedClass;
import tools.jackson.databind.introspect.JacksonAnnotationIntrospector;

/**
 * Lets fabric8's cert-manager model bind under fabric8 8's Jackson 3 models. Its last release
 * (7.5.2) was generated for Jackson 2: each of its classes says {@code @JsonDeserialize(using =
 * None)} in Jackson 2's annotation, which Jackson 3 does not see, so the class inherits the
 * KubernetesDeserializer that fabric8 8's {@code KubernetesResource} names in Jackson 3's, and a
 * {@code CertificateSpec} came out as a {@code RawExtension}. Here the model's own Jackson 2
 * annotation is read as its Jackson 3 equivalent; nothing else about the model changes.
 */
final class CertManagerModel extends JacksonAnnotationIntrospector {

  private static final String PACKAGE = "io.fabric8.certmanager.api.model.";

  @Override
  public Object findDeserializer(MapperConfig<?> config, Annotated a) {
    if (a instanceof AnnotatedClass type && type.getRawType().getName().startsWith(PACKAGE)) {
      var own =
          type.getRawType()
              .getDeclaredAnnotation(
                  com.fasterxml.jackson.databind.annotation.JsonDeserialize.class);
      if (own != null
          && own.using() == com.fasterxml.jackson.databind.JsonDeserializer.None.class) {
        return ValueDeserializer.None.class;
      }
    }
    return super.findDeserializer(config, a);
  }
}
