// The Kotlin quick start (bindings/kotlin/README.md): run by bindings/kotlin/test-jar.sh from the built jar alone,
// in a directory outside the repository, without GEMSTONE_LIB.
import com.gemwallet.gemstone.Gemstone
import com.gemwallet.gemstone.NumberRenderer
import com.gemwallet.gemstone.Presentation
import com.gemwallet.gemstone.validateAddress

fun main() {
    println("libgemstone ${Gemstone.version}")
    println(validateAddress("ethereum", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94").isValid)   // true
    println(NumberRenderer.text(Presentation.formattedCurrency(1234.5, "EUR"), "de"))
    println("loaded ${Gemstone.location}")
}
