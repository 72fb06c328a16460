package io.streamrag.deploycheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The services run the images deploy/build-images.sh builds: each service's workload runs its own
 * image, no workload runs an image of ours that the script does not build, and an overlay remaps
 * only images the script builds. Qdrant runs the image docker-compose.yml runs.
 */
final class ImageCheck {

  private static final Pattern COMPOSE_QDRANT = Pattern.compile("image:\\s*(qdrant/qdrant:\\S+)");

  private ImageCheck() {}

  /** Built images: the services, kafka and postgres (build-images.sh builds these seven). */
  static Set<String> built() {
    var out = new TreeSet<String>();
    Repo.services().forEach(s -> out.add(Repo.image(s)));
    out.add(Repo.image("kafka"));
    out.add(Repo.image("postgres"));
    return out;
  }

  /** On the base, before any overlay renames the images for a registry. */
  static List<String> problems(Rendered base) {
    var problems = new ArrayList<String>();
    var services = new TreeSet<String>();
    for (var workload : base.services()) {
      services.add(workload.name());
      String expected = Repo.image(workload.name()) + ":" + Repo.imageTag();
      if (!expected.equals(workload.app().getImage())) {
        problems.add(workload.name() + " runs " + workload.app().getImage() + ", not " + expected);
      }
    }
    if (!services.equals(new TreeSet<>(Repo.services()))) {
      problems.add("service workloads " + services + ", build-images.sh builds " + Repo.services());
    }
    for (var workload : base.workloads()) {
      for (var container : workload.template().getSpec().getContainers()) {
        String image = container.getImage();
        if (image.startsWith("localhost/streamrag-")
            && !built().contains(image.replaceFirst(":[^:/]+$", ""))) {
          problems.add(
              workload.name() + " runs " + image + ", which build-images.sh does not build");
        }
      }
    }
    return problems;
  }

  /** An overlay's images entries rename built images only; its Qdrant is compose's. */
  static List<String> overlayProblems(String overlay, Rendered rendered) {
    var problems = new ArrayList<String>();
    for (var image : Kustomize.kustomization(Repo.overlay(overlay)).images()) {
      if (!built().contains(image.name())) {
        problems.add(
            overlay + " renames " + image.name() + ", which build-images.sh does not build");
      }
    }
    var compose = COMPOSE_QDRANT.matcher(Repo.read(Repo.ROOT.resolve("docker-compose.yml")));
    String qdrant = compose.find() ? compose.group(1) : null;
    for (var workload : rendered.workloads()) {
      for (var container : workload.template().getSpec().getContainers()) {
        if (container.getImage().startsWith("qdrant/") && !container.getImage().equals(qdrant)) {
          problems.add(
              overlay + " runs " + container.getImage() + ", docker-compose.yml " + qdrant);
        }
      }
    }
    return problems;
  }
}
