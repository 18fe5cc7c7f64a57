# clslab en español: cada mensaje de catalog/en.ftl, con el mismo id y las mismas variables
# (tests/web/locales.test.ts lo comprueba). CONTRIBUTING.md, "Translate the lab", explica
# cómo se añade o se revisa una traducción.
#
# Glosario (usar siempre la misma palabra; la notación del artículo no se traduce):
#   review            reseña                 token              token
#   word              palabra                vocabulary         vocabulario
#   embedding         embedding (E, E_s)     attention          atención
#   step              paso                   the step on E      el paso sobre E
#   gradient flow     flujo de gradiente     the flow on p      el flujo sobre p
#   training          entrenamiento          joint training     entrenamiento conjunto
#   paper protocol    protocolo del artículo recipe             receta
#   train / test      entrenamiento / prueba accuracy           exactitud
#   loss              pérdida                label              etiqueta
#   selected token    token seleccionado s*  selection          selección
#   max-margin        margen máximo          normalized margin  margen normalizado
#   attention-SVM     SVM de atención        constraint         restricción
#   cycle             ciclo                  must-beat graph    grafo de «debe superar»
#   strongly connected set  conjunto fuertemente conexo
#   U-score           puntuación U           signed score       puntuación con signo
#   slope             pendiente              line               recta
#   stop word         palabra vacía          overfitting        sobreajuste
#   baseline          referencia             pooled classifier  clasificador promediado
#   settings          ajustes                theorem            teorema
#   Result 1/2, Figure 1   Resultado 1/2, Figura 1
# Nombres de botones citados en frases: «Paso E», «Reproducir», «Pausa».
# Notación que se deja tal cual: α, Δ, η, σ, ‖v‖², p_mm, p_local, s*, R², d, V, cos(p, p_mm).

## Lists

token-list-item = «{ $item }»
token-list-separator = {", "}
sentence-separator = {" "}

## A value that does not apply (yet): a read-out, a tooltip

not-available = n/d

## What each verdict kind is called where a verdict is shown

verdict-label-expect = Qué observar:
verdict-label-shown = Se ve:
verdict-label-off = No se ve:
verdict-label-instead = En su lugar:
verdict-label-n-a = Sin predicción aquí:

## Buttons beside a verdict

recipe-use = Usar la receta { $name }
recipe-why = Por qué estos números
offer-dataset = Abrir { $name }.tsv (reseñas reales)

## The prompt while the page is busy (core's guidance.prompt says the rest)

prompt-needs-data = Este enlace necesita sus datos: consulta la tarjeta Conjunto de datos.
prompt-nothing-loaded = No hay nada cargado: { $reason }
prompt-loading = Cargando el modelo y el conjunto de datos…
prompt-training = Entrenando… pulsa Pausa para detenerlo y examinarlo.
prompt-stopped = Detenido: { $reason }

## Trends over the last quarter of a run (a detail of several verdicts)

trend = { $quantity ->
        [cos-local] cos(p, p_local)
        [cos-mm] cos(p, p_mm)
        [margin] El margen normalizado
        [u-score] La puntuación U
        [norm] ‖p‖
       *[train-loss] La pérdida de entrenamiento
    } { $direction ->
        [rose] subió { $change }
        [fell] bajó { $change }
       *[flat] cambió { $change }, menos de 0,01,
    } desde el paso { $step }.

## Result 1: one step on E writes α into the embeddings

result1-not-predicted = La imagen de un solo paso corresponde al protocolo del artículo: el entrenamiento conjunto mueve E y p a la vez, así que v·E_s ya no es (η/2) α_s y no se predice ninguna recta.
result1-waits = Esperando el paso sobre E: pulsa «Paso E» y el v·E_s de cada token debería moverse (η/2) α_s, sobre una recta que pasa por el origen.
result1-shown = Los puntos están sobre la recta predicha: pendiente { $slope } frente a (η/2)‖v‖² = { $predicted }, R² { $r2 }.
result1-close = Cerca de la recta predicha, pero no sobre ella: pendiente { $slope } frente a (η/2)‖v‖² = { $predicted }, R² { $r2 }.
result1-off = Fuera de la recta predicha: pendiente { $slope } frente a (η/2)‖v‖² = { $predicted }, R² { $r2 }.
result1-noise = El ruido inicial σ/√d = { $noise } es comparable a la dispersión del paso (η/2)·std(α) = { $spread }.
result1-recipe-sigma = La receta result1 fija σ = { $sigma } y d = { $d }: su ruido inicial σ/√d = { $noise } es el { $share } de la dispersión de su paso (η/2)·std(α) = { $spread } en estas reseñas, frente al { $now } aquí.
result1-recipe-in-force = La receta result1 está en vigor (σ = { $sigma }): solo una σ menor, o una η mayor, en los ajustes afina la recta.

## Figure 1: the U shape of p·E_s against Δ_s

figure1-waits = Con p = 0 todos los tokens puntúan 0; al entrenar, los tokens polares de ambos signos deberían subir: una U de p·E_s frente a Δ_s.
figure1-p-zero = p sigue siendo 0 (el flujo sobre p no ha empezado), así que todos los tokens puntúan 0.
figure1-shown = Una U con { $protocol ->
        [joint] entrenamiento conjunto (E y p a la vez)
       *[paper] el protocolo del artículo (el flujo sobre p)
    }: los tokens polares de ambos signos puntúan alto (puntuación U { $u }, con signo { $signed }).
figure1-off = No hay U en el paso { $step }: puntuación U { $u }, con signo { $signed } (una U necesita una puntuación U de al menos 0,5 con la puntuación con signo dentro de ±0,3).
figure1-forming = El entrenamiento conjunto va por el paso { $step } del presupuesto de { $budget } pasos de la receta figure1 (puntuación U { $u }, con signo { $signed }): que se forme una U dentro de él depende de los datos, así que vigila la puntuación U.
figure1-best-earlier = La mejor puntuación U hasta ahora fue { $best }, en el paso { $step }.
figure1-past-peak = La puntuación U alcanzó su máximo, { $best }, en el paso { $step } y desde entonces ha bajado { $drop }.
figure1-below-within-budget = La puntuación U no ha llegado a 0,5 dentro del presupuesto de { $budget } pasos de la receta figure1: su mejor valor fue { $best }, en el paso { $step }.
figure1-signed-blocks = La puntuación U { $u } supera 0,5, pero la puntuación con signo { $signed } no está dentro de ±0,3: p también ordena los tokens por el signo de Δ.
figure1-selected-kind = p sigue el token seleccionado s* de cada reseña, y esos son tokens { $kind ->
        [frequent-mild] frecuentes y poco polares
        [frequent] frecuentes
        [mild] poco polares
       *[polar] polares
    } (recuento mediano { $count } frente a { $vocabulary } en todo el vocabulario, |Δ| mediano { $delta }).
figure1-signed-ranking = p·E_s ordena los tokens por el signo de Δ (con signo { $signed }), no por |Δ|.
figure1-theory-u = El p_mm de la teoría da una puntuación U de { $u }.
figure1-try-joint = La receta figure1 entrena E y p a la vez (entrenamiento conjunto) durante { $steps } pasos. { $reach ->
        [closed] Con su vocabulario tampoco ningún p da una U: todo p con una puntuación U de al menos 0,5 tiene una puntuación con signo de al menos { $least } en valor absoluto.
       *[open] El Δ de las palabras que ordena no descarta una U; solo la ejecución muestra si se forma.
    }
figure1-in-force-stop = La receta figure1 está en vigor: una ejecución detenida cerca del paso { $step } conserva la mejor U que dio.

## Result 2: the flow on p selects s*, at max margin

result2-waits = Tras el paso sobre E, el token seleccionado s* de cada reseña es el más alineado con su etiqueta; el flujo sobre p debería poner la atención en él y girar p hacia p_mm.
result2-not-predicted = El Resultado 2 trata del flujo sobre p con E congelada tras un paso (el protocolo del artículo); en el entrenamiento conjunto E también se mueve, así que p_mm cambia a cada paso.
result2-solve = Resuelve la SVM de atención para comparar p con p_mm.
result2-shown = La atención selecciona s*: en las { $reviews } reseñas de entrenamiento, cos(p, p_mm) { $cos } y selección de s* { $selection }{ $all ->
        [yes] {""}
       *[no] {" "}({ $scored_selection } en las { $scored } reseñas ({ $scored_share }) con algún token del vocabulario; las demás no seleccionan nada)
    }, con d = { $d } ≥ V = { $v }, como dice el teorema.
result2-off = No es la imagen del teorema: en las { $reviews } reseñas de entrenamiento, cos(p, p_mm) { $cos } y selección de s* { $selection } ({ $all ->
        [yes] {""}
       *[no] { $scored_selection } en las { $scored } reseñas ({ $scored_share }) con algún token del vocabulario, sin que las demás seleccionen nada;{" "}
    }el teorema: cos ≥ 0,9 y selección ≥ 95 % con d ≥ V; aquí d = { $d }, V = { $v }).
result2-off-cancelled = { result2-off } Se canceló la comparación con p_local, la SVM de atención de la selección propia del flujo en el paso { $step }: no se afirma qué sigue el flujo en su lugar.
result2-instead = { $hypothesis ->
        [cycles] La hipótesis del Resultado 2 no se cumple en estas reseñas (las restricciones de s* forman ciclos).
       *[width] La hipótesis del Resultado 2 no se cumple aquí (d < V).
    } En su lugar, p sigue la SVM de atención de los tokens que el propio flujo selecciona, la dirección localmente óptima de Tarzanagh et al. (2023): cos(p, p_local) { $cos_local } en las { $reviews } reseñas de entrenamiento, donde esa selección es s* en el { $s_star } de ellas.
result2-cycles = { $cycles } de las { $constraints } restricciones de s* están en ciclos del grafo de «debe superar»: ningún p selecciona s* en todas las reseñas.
result2-component = { $sets ->
        [one] El único conjunto fuertemente conexo
       *[other] El mayor de los { $sets } conjuntos fuertemente conexos
    } del grafo de «debe superar», { $size } palabras ({ $words }, …), contiene el s* de { $holds } de las { $reviews } reseñas ({ $share }).
result2-narrow = d = { $d } < V = { $v }: p no puede separar todos los tokens, y el teorema necesita d ≥ V.
result2-unscored = { $empty } de las { $reviews } reseñas de entrenamiento no tienen ningún token del vocabulario, así que en ellas no se selecciona nada{ $drop_unknown ->
        [yes] : desactiva «Eliminar palabras desconocidas» o sube el vocabulario máximo en los ajustes.
       *[no] .
    }
result2-stop-word = «{ $token }» (|Δ| { $delta }, en el { $documents } de las reseñas) es el token seleccionado del { $share } de ellas: una palabra sin información sobre la etiqueta.
result2-drop-stop-words = Una proporción máxima de documentos menor que 1 elimina las palabras que aparecen en demasiadas reseñas.
result2-no-trend = Ninguna medida anterior en el último cuarto de la ejecución indica si { $quantity ->
        [cos-local] cos(p, p_local)
       *[cos-mm] cos(p, p_mm)
    } sigue moviéndose: deja que el flujo continúe.
result2-acyclic-subset = En las { $acyclic } de { $reviews } reseñas ({ $share }) cuyas restricciones no están en ningún ciclo: cos(p, p_mm) { $cos }, selección { $selection }.
result2-local = Para los tokens que selecciona el flujo: cos(p, p_local) { $cos_local } (p_local de la selección del paso { $step }{ $current ->
        [no] , que ha cambiado desde entonces
       *[yes] {""}
    }), y esa selección es s* en el { $s_star } de las reseñas.
result2-local-cancelled = Se canceló la SVM de atención de la selección propia del flujo en el paso { $step } (p_local): aquí no se afirma si p la sigue. Abrir el enlace de nuevo, o el final de la próxima ejecución, la resuelve.
result2-baseline-selection = Referencia: atender al token de mayor |v·E_s| (sin etiqueta, sin entrenamiento) selecciona s* en el { $baseline } de las reseñas; el flujo sobre p, en el { $flow }.
result2-baseline-pooled = Referencia: el clasificador promediado (p = 0, atención repartida por igual) tiene una exactitud de prueba de { $pooled }; el modelo, ahora, { $now }.
result2-baseline-no-test = Sin conjunto de prueba, el clasificador promediado (p = 0) no tiene exactitud de prueba con la que comparar.
result2-margin-approaches = El margen normalizado { $margin } subió en la última parte de la ejecución y se acerca a 1/‖p_mm‖ = { $reference }.
result2-margin = El margen normalizado es { $margin }, frente a 1/‖p_mm‖ = { $reference }.
result2-feasible = La hipótesis del Resultado 2 se cumple en estas reseñas: ninguna de las { $constraints } restricciones está en un ciclo del grafo de «debe superar», así que la SVM de atención es factible sobre todas ellas, con filas independientes de E(0) (d ≥ V).
result2-soft-margin = Aquí p_mm es la solución de margen blando (C = { $c }).
result2-twins = Estas reseñas se generaron para ello (scripts/make-twins.mjs): cada reseña positiva tiene una gemela negativa con cada palabra de sentimiento cambiada por su opuesta, así que una palabra de sentimiento solo aparece en reseñas de su propia clase. Las reseñas reales rompen esto: abre las reseñas de películas incluidas para ver cómo falla la hipótesis del Resultado 2, y por qué.

# Resultado 2 en un paso finito (issue 37): el umbral cos ≥ 0.9, selección ≥ 95% sustituye al límite.
result2-elsewhere = En { $differ } de las { $reviews } reseñas de entrenamiento el flujo selecciona otro token distinto de s*, y p está más cerca del att-SVM de esa selección (cos(p, p_local) { $cos_local }) que de p_mm (cos(p, p_mm) { $cos }): en este paso se mide que el flujo se dirige a otra dirección que la del límite del teorema. Este paso cumple el umbral que el laboratorio comprueba en un paso finito (cos ≥ 0.9, selección de s* { $selection } ≥ 95%), pero ese umbral solo sustituye al límite.
result2-receding = El margen normalizado { $margin } es negativo y bajó { $fall } desde el paso { $from }, así que p pone otro token por encima de s* en alguna reseña y se aleja de 1/‖p_mm‖ = { $reference }, el margen del límite del teorema. Este paso cumple el umbral que el laboratorio comprueba en un paso finito (cos(p, p_mm) { $cos } ≥ 0.9, selección de s* { $selection } ≥ 95% en las { $reviews } reseñas de entrenamiento), pero ese umbral solo sustituye al límite.
result2-limit-same = El teorema habla del límite del flujo; comprobado en este paso: la selección propia del flujo es s* en cada reseña, así que el att-SVM de su selección es el propio p_mm.
result2-limit-open = El teorema habla del límite del flujo; en este paso el flujo selecciona otro token distinto de s* en { $differ } de las { $reviews } reseñas de entrenamiento, y el att-SVM de esa selección (p_local) aún no está resuelto: no se ha medido si el flujo va hacia p_mm.
result2-limit-nearer-mm = El teorema habla del límite del flujo; en este paso el flujo selecciona otro token distinto de s* en { $differ } de las { $reviews } reseñas de entrenamiento, pero p está más cerca de p_mm (cos(p, p_mm) { $cos }) que del att-SVM de esa selección (cos(p, p_local) { $cos_local }).

## Training: loss and accuracy

loss-now = Pérdida de entrenamiento { $train }{ $has_test ->
        [yes] , pérdida de prueba { $test }.
       *[no] .
    }
loss-waits = Primero viene el paso sobre E; después, el flujo sobre p.
loss-joint = Entrenamiento conjunto: ambas pérdidas bajan mientras el modelo aprende; una pérdida de prueba que sube mientras la de entrenamiento baja es sobreajuste.
loss-flow = El flujo sobre p entrena solo p, con E y v congelados tras el paso sobre E.
loss-overfits = El modelo se sobreajusta a las reseñas de entrenamiento: la pérdida de prueba subió desde su mínimo, { $lowest } en el paso { $step }, mientras la de entrenamiento bajaba desde { $train_then }.
accuracy-fell = La exactitud de prueba bajó de { $before } tras el paso sobre E a { $now } ahora.
flow-on-subset = El flujo entrena p con { $flow } de las { $reviews } reseñas de entrenamiento ({ $share }): solo las acíclicas.

## Which reviews Result 2's figures are over

coverage = { $all ->
        [yes] Sobre las { $reviews } reseñas de entrenamiento.
       *[no] Sobre las { $scored } de { $reviews } reseñas de entrenamiento ({ $scored_share }) que tienen algún token del vocabulario; las demás no seleccionan nada, así que en las { $reviews } la atención selecciona s* en el { $selection }.
    }
coverage-acyclic = Acíclicas: { $acyclic } de las { $reviews } ({ $share }).
rate-measured = { $direction ->
       *[falls] Pendiente medida { $slope } en estos ejes (pasos { $from }–{ $to }, { $points } puntos): 1 − cos(p, p_mm) decrece como paso^{ $slope }. Es una medida, no una tasa que afirme la teoría.
        [rises] Pendiente medida { $slope } en estos ejes (pasos { $from }–{ $to }, { $points } puntos): 1 − cos(p, p_mm) crece, así que p se aleja de p_mm.
    }
rate-unmeasured = La pendiente se mide cuando 1 − cos(p, p_mm) tiene { $points } puntos registrados a lo largo de un factor { $span } en los pasos.

## The prompt above the charts: what the run calls for next

prompt-step-e = Inicializado con p = 0 y E pequeña. Pulsa «Paso E» para dar el único paso de gradiente sobre E (Resultado 1).
prompt-joint = Entrenamiento conjunto de E y p: pulsa Reproducir.
prompt-play = Paso { $step } de { $steps }: pulsa Reproducir para ejecutar el flujo sobre p; el veredicto de cada gráfico está debajo de él.
prompt-done = La ejecución llegó al paso { $step }, su longitud: el veredicto de cada gráfico está debajo de él.

## Why does it look like this? (the numbers behind the verdicts)

why-width = d = { $d }, V = { $v }: el teorema necesita d ≥ V (filas independientes de E(0)).
why-constraints = { $constraints } restricciones, { $cycles } en ciclos, { $violated } violadas por p_mm; { $acyclic } de { $reviews } reseñas ({ $share }) son acíclicas.
why-own-selection = La selección propia del flujo (el token con mayor p·E_s en cada reseña) es s* en el { $s_star } de las { $reviews } reseñas con algún token; hay un único token máximo en el { $strict }.
why-own-svm = Su SVM de atención (la selección del paso { $step }, { $constraints } restricciones, ‖p_local‖ { $norm }): cos(p, p_local) { $cos_local }.
why-selected = Tokens seleccionados s*: { $distinct } distintos; recuento mediano { $count }, |Δ| mediano { $delta }.
why-selected-token = «{ $token }» es s* en el { $share } de las reseñas (|Δ| { $delta }).
why-u = Puntuación U de p { $u } (con signo { $signed }).
why-u-max-margin = Puntuación U de p_mm { $u } (con signo { $signed }).

## A review: why the model attends to another token than the theory's s*

review-spread = Aquí p puntúa todos los tokens por igual (a_t iguales, como con p = 0), así que la atención se reparte por igual y todavía no destaca ningún token; el s* de la teoría es «{ $star }», el de mayor y·b_t.
review-disagrees = p puntúa «{ $top }» por encima del s* de la teoría, «{ $star }» (a_t { $a_top } frente a { $a_star }), aunque s* tiene el mayor y·b_t ({ $b_star } frente a { $b_top }): p no pone s* en primer lugar en esta reseña, todavía no en el entrenamiento o no con estos datos (cuando sus restricciones están en un ciclo, ningún p puede).

## La actividad de clase (core activity_words.h): cada pregunta, la respuesta del estudiante,
## la respuesta que reveló la ejecución con los números que la decidieron, la nota y qué hacer

activity-ask-slope = Tras el único paso sobre E, ¿coincidirá la pendiente de v·E_s frente a α_s con la predicha (η/2)‖v‖² con un margen de { $tolerance }, con R² de al menos { $r2 }?
activity-ask-cosine = ¿Será cos(p, p_mm) al menos { $threshold } en el paso { $step }, el final de la ejecución?
activity-ask-selection = ¿Seleccionará la atención el token de la teoría s* en al menos { $threshold } de las reseñas de entrenamiento en el paso { $step }, el final de la ejecución?
activity-ask-word = ¿Qué palabra de la reseña de entrenamiento { $review } pesará más la atención en el paso { $step }, el final de la ejecución? Haz clic en ella.
activity-ask-ushape = ¿Mostrará la Figura 1 una U en el paso { $step }, el final de la ejecución (puntuación U por encima de { $threshold } y puntuación con signo entre −{ $flat } y { $flat })?
activity-ask-accuracy = ¿Subirá el flujo sobre p la exactitud de prueba en más de { $points } { $points ->
    [one] punto porcentual
   *[other] puntos porcentuales
  } sobre su valor tras el paso sobre E, en el paso { $step }, el final de la ejecución?
activity-response = Tu predicción: { $response ->
    [yes] sí
    [no] no
    [unknown] una palabra desconocida
   *[word] «{ $word }»
  }.
activity-reveal-slope = La pendiente ajustada es { $slope } frente a la predicha { $predicted }, R² { $r2 }: { $answer ->
    [yes] sí
   *[no] no
  }.
activity-reveal-cosine = cos(p, p_mm) es { $cos } en el paso { $step }: { $answer ->
    [yes] sí
   *[no] no
  }.
activity-reveal-selection = La atención selecciona s* en { $selection } de las reseñas de entrenamiento en el paso { $step }: { $answer ->
    [yes] sí
   *[no] no
  }.
activity-reveal-word = La atención pesa más { $answer ->
    [unknown] una palabra desconocida
   *[word] «{ $word }»
  } en el paso { $step }, con { $weight } de la atención de la reseña.
activity-reveal-ushape = Puntuación U { $u }, puntuación con signo { $signed } en el paso { $step }: { $answer ->
    [yes] sí
   *[no] no
  }.
activity-reveal-accuracy = La exactitud de prueba es { $accuracy } en el paso { $step }, desde { $before } tras el paso sobre E: { $answer ->
    [yes] sí
   *[no] no
  }.
activity-result = { $result ->
    [correct] Tu predicción fue correcta.
   *[wrong] Tu predicción fue incorrecta.
  }
activity-void-joint = No se pregunta: esta ejecución entrena E y p conjuntamente, y la pregunta trata del protocolo del artículo.
activity-void-no-p-mm = Sin nota: p_mm no se resolvió en esta ejecución, así que el coseno no tiene con qué compararse.
activity-void-no-test = Sin nota: estos datos no tienen reseñas de prueba apartadas.
activity-void-no-u-tokens = Sin nota: ninguna palabra aparece { $count } veces o más, así que la puntuación U no se mide.
activity-void-no-attention = Sin nota: el modelo no ve ninguna palabra de esta reseña.
activity-void-before-commit = Sin nota: la ejecución ya la había respondido cuando se registraron las predicciones.
activity-pending-step-on-e = Se revela tras el paso sobre E.
activity-pending = Se revela en el paso { $step }.
activity-status-committed = Predicciones registradas. Pulsa Reproducir: cada respuesta se revela cuando la ejecución llega a ella.
activity-score = Nota: { $correct } de { $scored } { $scored ->
    [one] predicción correcta
   *[other] predicciones correctas
  }.
activity-score-none = Ninguna pregunta pudo puntuarse en esta ejecución.
activity-prompt-predict = Primero responde { $questions ->
    [one] la pregunta
   *[other] las { $questions } preguntas
  } de la actividad de clase de arriba y registra tus predicciones: el entrenamiento empieza después.
activity-prompt-reveal = Pulsa Reproducir: { $left ->
    [one] una respuesta se revela
   *[other] { $left } respuestas se revelan
  } { $moment ->
    [step-on-e] tras el paso sobre E
   *[end] en el paso { $step }, el final de la ejecución
  }.
activity-prompt-done = Todas las respuestas están reveladas: { $correct } de { $scored } { $scored ->
    [one] predicción correcta
   *[other] predicciones correctas
  }, en la ejecución hasta el paso { $step }.
activity-prompt-done-none = Todas las preguntas están decididas, y ninguna pudo puntuarse en esta ejecución.
activity-refused-committed = Las predicciones ya estaban registradas.
activity-refused-missing = Responde todas las preguntas antes de registrar.
activity-refused-responses = Las predicciones no llegaron al laboratorio como respuestas a sus preguntas.
activity-refused-choice = «{ $response }» no es una de las opciones de la pregunta.
activity-note-unknown-question = activity: pregunta desconocida «{ $subject }», omitida.
activity-note-repeated-question = activity: la pregunta «{ $subject }» se hace una sola vez.
activity-note-bad-review = activity: «{ $subject }» no es un número de reseña; el laboratorio elige la reseña.
activity-note-empty = activity: «{ $subject }» no nombra ninguna pregunta; se hacen todas las preguntas.
activity-note-review-out-of-range = activity: no hay reseña de entrenamiento { $subject }; el laboratorio elige la reseña.
activity-note-review-choices = activity: la reseña elegida tiene { $choices } palabras distintas (de { $min } a { $max } forman una pregunta); el laboratorio elige la reseña.
activity-note-no-review = activity: ninguna reseña de entrenamiento tiene de { $min } a { $max } palabras distintas; se omite la pregunta de palabras.
activity-note-state-unreadable = activity: las respuestas guardadas no las escribió este laboratorio; la actividad empieza de nuevo.

## Las etiquetas y botones de la actividad de clase, y la línea de estado de la plataforma del curso

activity-title = Predecir y después revelar
activity-intro = Registra tus predicciones y pulsa Reproducir: la ejecución mide cada respuesta y dice si acertaste.
activity-commit = Registrar mis predicciones
activity-incomplete = Responde primero todas las preguntas (faltan { $missing }).
activity-held = Registra tus predicciones de arriba antes de entrenar.
activity-locked = Las predicciones de la actividad de clase están registradas: los ajustes y los datos de esta ejecución quedan como los fijó la actividad, así que cada respuesta se decide en la ejecución que predijiste.
activity-yes = Sí
activity-no = No
activity-label-slope = Resultado 1: la pendiente coincide con (η/2)‖v‖²
activity-label-cosine = Resultado 2: cos(p, p_mm) llega a 0.9
activity-label-selection = Resultado 2: la selección llega al 95 %
activity-label-word = Qué palabra de una reseña selecciona la atención
activity-label-ushape = Figura 1: aparece una U
activity-label-accuracy = El flujo sobre p sube la exactitud de prueba
lms-recording = El curso registra tu progreso (SCORM { $version }).
lms-resumed = El curso registra tu progreso; se reanudó en el paso { $step }.
lms-missing = El progreso no se está registrando: esta página se abrió como actividad de un curso, pero no se encontró la conexión SCORM del curso. Tu trabajo aquí no se guarda en el curso.
lms-failed = El progreso no se está registrando: el curso rechazó { $call }. Puede que tu último trabajo no se guarde en el curso.
lms-failed-detail = El progreso no se está registrando: el curso rechazó { $call } ({ $detail }). Puede que tu último trabajo no se guarde en el curso.
lms-too-long = El estado de la ejecución tiene { $length } caracteres, más de los { $limit } que guarda SCORM 1.2: tus respuestas quedan registradas, pero al volver a abrir no se reanudará en este paso.
lms-course-only = Este enlace abre el laboratorio solo dentro de este curso: el paquete se generó sin la dirección de una copia pública.

## Las recetas: qué hará cada una, dicho antes de aplicarla, y por qué sus números (recipes.cpp)

recipe-title = { $name ->
        [result1] Resultado 1: un paso sobre E con una σ pequeña
        [figure1] Figura 1: entrenamiento conjunto con Adam
       *[result2] Resultado 2: d = V, el régimen del teorema
    }
recipe-cost = Coste: { $steps ->
        [one] un paso
       *[other] { $steps } pasos
    } con d = { $d }, con una E de { $weights } pesos (V × d, V = { $v }); { $subset ->
        [yes] el paso sobre E recorre los { $all } tokens de entrenamiento, y cada paso del flujo sobre p los { $tokens } tokens de las reseñas con las que entrena.
       *[no] { $steps ->
            [one] recorre
           *[other] cada uno recorre
        } los { $all } tokens de entrenamiento.
    }
recipe-result1-plan = Da el único paso sobre E (protocolo del artículo, η = { $eta }) con las palabras vistas al menos { $min_count } veces (V = { $v }), con d = { $d } y σ = { $sigma }: el ruido inicial σ/√d = { $noise } es como mucho el 1 % de la dispersión del paso (η/2)·std(α) = { $spread } en estas reseñas, así que los puntos deberían caer sobre la recta predicha.
recipe-result1-flat = α es igual para todas las palabras de estas reseñas, así que el paso sobre E mueve todos los v·E_s por igual y no se puede ajustar ninguna recta; σ = { $sigma }.
recipe-figure1-plan = Entrena E y p a la vez con Adam (tasa de aprendizaje { $rate }, d = { $d }, σ = { $sigma }, v fijo) durante { $steps } pasos, el doble del tiempo que tarda Adam en mover un valor v·E_s en 1, con las { $words } palabras vistas al menos { $min_count } veces.
recipe-figure1-cut = Con las palabras vistas al menos 20 veces, { $at_twenty } palabras darían más valores que la mitad de las { $reviews } reseñas (de { $mean } tokens de media): bastantes para ajustar palabra a palabra la mayoría de los etiquetados, y la U se desvanecería pronto.
recipe-figure1-ranked = Estas son las palabras que ordena la puntuación U: con <unk>, { $values } valores, como mucho uno por cada dos de las { $reviews } reseñas, así que los valores por sí solos ajustan pocos etiquetados.
recipe-figure1-closed = El { $share } de estas reseñas { $class ->
        [negative] son negativas
       *[positive] son positivas
    }: el Δ de las palabras ordenadas tiene mediana { $median }, y |Δ| las ordena casi como Δ (Spearman { $rho }), así que todo p con una puntuación U de al menos 0,5 tiene una puntuación con signo de al menos { $least } en valor absoluto: con estos datos ningún p da una U (una puntuación U de 0,5 con la puntuación con signo dentro de ±0,3).
recipe-result2-plan = Entrena p con { $acyclic } de las { $reviews } reseñas de entrenamiento ({ $share }): aquellas cuyas restricciones no están en ningún ciclo del grafo de «debe superar», donde p_mm existe, según lo predicho a partir de α (s* = argmax y·α_s, el límite de σ pequeña); d = V = { $v }, η = { $eta }, { $steps } pasos del flujo normalizado.
recipe-result2-plan-all = Entrena p con las { $reviews } reseñas de entrenamiento: según lo predicho a partir de α (s* = argmax y·α_s, el límite de σ pequeña), ninguna restricción está en un ciclo del grafo de «debe superar», así que p_mm existe sobre todas ellas; d = V = { $v }, η = { $eta }, { $steps } pasos del flujo normalizado.
recipe-result2-vocabulary = d = V = { $v } (recuento mínimo { $min_count }, V como mucho { $cap } para que un paso del flujo siga siendo asequible) es el régimen del teorema; { $cut ->
        [yes] se descartan las palabras que aparecen en más del { $doc_share } de las reseñas.
       *[no] se conservan todas las palabras.
    }
recipe-result2-selected = s* predicho: «{ $token }» en el { $share } de las reseñas ({ $measure ->
        [lean] inclinación { $value }
       *[delta] |Δ| { $value }
    }).
recipe-result2-polar = s* se inclina hacia una clase ({ $measure ->
        [lean] Δ a al menos 0,3 del { $neutral } de un token repartido como lo están todos los tokens, ya que los tokens de este corpus están en un { $positive } en reseñas positivas
       *[delta] |Δ| ≥ 0,3
    }) en el { $polar } de las reseñas.
recipe-result2-kinds = s* es un signo de puntuación en el { $punctuation } de las reseñas y <unk> (las palabras fuera del vocabulario) en el { $unknown }.
recipe-result2-nothing-selected = Ninguna reseña conserva un token con estos ajustes, así que no se selecciona nada.
recipe-result2-eta = η = { $eta } pone el paso sobre E en 6 veces el ruido de E(0) a lo largo de v: (η/2)·std(α) = { $step } frente a σ/√d = { $noise }.

## What a file reads as (core's data findings: the dataset preview and the dataset card)

data-encoding = { $encoding ->
        [utf-16-le] UTF-16 LE (convertido a UTF-8)
        [utf-16-be] UTF-16 BE (convertido a UTF-8)
        [windows-1252] Windows-1252 (convertido a UTF-8)
       *[utf-8] UTF-8
    }{ $ends ->
        [cr] , líneas terminadas en CR (Mac OS clásico)
       *[lf] {""}
    }
data-labels = { $scheme ->
        [zero-one] 0 = negativa, 1 = positiva
        [minus-one-one] -1 = negativa, 1 = positiva
        [one-two] 1 = negativa, 2 = positiva
        [minus-one-zero-one] -1 = negativa, 0 = neutra (descartada), 1 = positiva
        [zero-one-two] 0 = negativa, 1 = neutra (descartada), 2 = positiva
        [stars] valoraciones con estrellas (escala { $scale }): > { $threshold } positiva, < { $threshold } negativa, = { $threshold } descartada
        [words] pos = positiva, neg = negativa
        [paired-files] archivo positivo = positiva, archivo negativo = negativa
       *[folders] carpeta pos = positiva, neg = negativa
    }{ $words ->
        [yes] ; pos/neg
       *[no] {""}
    }
data-dropped = { $rows } { $rows ->
        [one] fila
       *[other] filas
    }: { $reason ->
        [missing-label] sin etiqueta
        [empty-text] texto vacío
        [neutral-label] etiqueta neutra
       *[no-tokens] sin tokens tras la tokenización
    }
data-one-class = una sola clase ({ $label ->
        [positive] positiva
       *[negative] negativa
    }) en { $rows } { $rows ->
        [one] fila
       *[other] filas
    }; un clasificador necesita ambas, así que la carga se rechazará

# ---------------------------------------------------------------------------------------
# Las palabras propias de la página (index.html y las vistas de la página).

## La página

page-title = clslab: la atención con embeddings entrenados selecciona los tokens importantes
boot-fallback = El laboratorio no ha arrancado. Necesita JavaScript y, dentro de un marco, el atributo sandbox del marco debe permitir allow-scripts y allow-same-origin (el laboratorio carga su módulo y su worker de entrenamiento desde su propio origen). Ábrelo en una pestaña propia o pide a la página del curso que permita ambos.
skip-to-results = Saltar a los resultados
header-subtitle = Un modelo de atención softmax de una capa, con embeddings de tokens entrenados, aprende en tu navegador qué palabras de una reseña importan. Comprueba los dos resultados de
share-label = Compartir esta ejecución (ajustes y pasos)
share-copy = Copiar enlace
share-copy-title = Copiar el enlace para compartir
tour-start = Visita guiada
embed-open = Insertar…
language-label = Idioma
banner-close = Cerrar el mensaje
sidebar-label = Datos, guardar y cargar, y ajustes
loading = Cargando…
close = Cerrar
docs-in-english = Este documento está en inglés.
docs-theory = La teoría
docs-results = Resultados con reseñas reales

## Controles de entrenamiento

controls-label = Controles de entrenamiento
play = Reproducir
step = Paso
step-label = Dar un paso de entrenamiento
reset = Reiniciar
reset-label = Reiniciar los pesos desde la semilla
step-e = Paso E
step-e-title = Protocolo del artículo: el único paso de gradiente sobre E
step-p-title = Protocolo del artículo: pasos del flujo sobre p
speed-label = Velocidad
progress-label = Progreso del entrenamiento
open-full = Abrir el laboratorio completo ↗

## Las tarjetas de los gráficos

recipes-toggle = Mostrar los resultados del artículo con estos datos
recipes-intro = Ajustes calculados a partir de las reseñas cargadas (su vocabulario, sus longitudes y las frecuencias de sus palabras); aplicar uno es un cambio de ajustes, así que queda en el enlace para compartir.
result1-heading = Resultado 1: un paso sobre E escribe α en los embeddings
chart-alignment-label = v·E_s frente a α_s, un punto por token
figure1-heading = Figura 1: la forma de U de las puntuaciones de atención
chart-u-shape-label = p·E_s frente a Δ_s, un punto por token
u-theory-toggle = Dibujar la predicción de la teoría p_mm · E_s (eje derecho, una vez resuelto p_mm)
u-shape-point-size = Tamaño del punto: recuento.
result2-heading = Resultado 2: p gira hacia la dirección de margen máximo
chart-selection-label = Coseno con p_mm y exactitud de la selección frente al logaritmo de los pasos
chart-norm-label = Norma de p y margen normalizado frente al logaritmo de los pasos
chart-rate-label = Uno menos el coseno con p_mm frente al paso, ambos en escala logarítmica
loss-heading = Entrenamiento: pérdida y exactitud
chart-loss-label = Pérdida y exactitud a lo largo de los pasos de entrenamiento
verdict-details = Razones y números

## Métricas, «¿Por qué se ve así?», la SVM de atención

metrics-heading = Métricas
why-heading = ¿Por qué se ve así?
why-intro = Lo que dicen los valores medidos de esta ejecución: el tamaño del modelo frente al vocabulario, las restricciones y los ciclos de la SVM de atención, y los tokens que la teoría selecciona en cada reseña (s* = el token más alineado con la etiqueta, argmax y v·E_s).
why-selection-heading = ¿Qué tokens selecciona la teoría?
why-selection-caption = Los tokens más seleccionados: proporción de reseñas que gana cada uno, recuento y Δ_s
why-column-token = token
why-column-wins = reseñas que gana
why-column-count = recuento
why-column-delta = Δ_s
max-margin-heading = SVM de atención: la dirección de margen máximo p_mm
max-margin-intro = p_mm es el p más pequeño que puntúa el token seleccionado de cada reseña por encima de sus otros tokens en 1. Cuando las restricciones forman ciclos (a supera a b en una reseña y b supera a a en otra) no existe tal p, y se resuelve en su lugar el problema de margen blando.
solve-max-margin = Calcular p_mm
max-margin-cycles-heading = Ciclos encontrados

## Reseñas

review-heading = La atención sobre una reseña
review-split = Partición
split-test = prueba
split-train = entrenamiento
review-previous = Reseña anterior
review-next = Reseña siguiente
review-number = Número de reseña
review-flow-title = De los tokens a la predicción
review-original = Tal como se escribió:
review-text-label = Escribe una reseña y mira adónde mira el token <cls>
review-text-placeholder = una película maravillosa y conmovedora con un final aburrido
review-score = Puntuación
review-shading = Sombreado: peso de atención s_t relativo al mayor de la reseña; las palabras recuadradas son los tokens que selecciona la teoría (los más alineados con la etiqueta, v·E_s).
review-list-heading = Reseñas
review-search = Buscar
review-search-placeholder = palabras de la reseña
review-filter-label = Etiqueta
review-filter-prediction = Predicción
review-filter-selection = Máxima atención
filter-all = todas
label-positive = positiva
label-negative = negativa
filter-correct = acertada
filter-wrong = errónea
filter-selected = en un token seleccionado
filter-missed = en otro sitio
review-filter-token-clear = Mostrar todas las reseñas
review-list-previous = ◀ Página anterior
review-list-next = Página siguiente ▶

## Tokens y símbolos

token-table-heading = Tokens
token-search = Buscar tokens
token-csv = Tabla de tokens (CSV)
token-table-caption = Estadísticas por token: recuento, α_s, Δ_s y los valores actuales de v·E_s y p·E_s
glossary-heading = Símbolos

## La barra lateral: datos, guardar y cargar, ajustes

dataset-heading = Datos
dataset-file = Cargar un archivo propio (TSV, CSV o líneas JSON con un texto y una etiqueta, o un par rt-polarity *.pos y *.neg)
export-heading = Guardar y cargar
export-all = Descargar todo (zip)
export-all-intro = El zip contiene cada gráfico como PNG (claro, 2x, con pie), los datos de cada gráfico, el historial de métricas y la tabla de tokens en CSV, y el archivo de la ejecución.
export-run = Ejecución (JSON)
export-metrics = Historial de métricas (CSV)
run-file = Cargar un archivo de ejecución (el JSON de arriba, de esta página o de la CLI)
settings-heading = Ajustes
settings-intro = Pasa el puntero sobre una etiqueta para ver su significado. Los ajustes de datos recargan el conjunto de datos; los demás reinician los pesos.

## Los botones de la visita guiada

tour-back = Atrás
tour-next = Siguiente
tour-skip = Saltar la visita

## El diálogo Insertar

embed-heading = Insertar este laboratorio
embed-intro = Pega el fragmento en la página de un curso o en una diapositiva. El marco abre esta ejecución (sus ajustes, reproducida hasta el paso de abajo); los paneles marcados lo llenan por encima de una barra de control compacta.
embed-panels = Paneles del marco
embed-options = Cómo se abre el marco
embed-controls = Barra de control (Reproducir, Paso, Reiniciar, velocidad)
embed-autoplay = Reproducir al abrir (autoplay)
embed-tour = Empezar la visita guiada
embed-step = Empezar en el paso (reproducido, como hace el enlace para compartir)
embed-speed = Velocidad de reproducción
embed-language = Idioma del marco
embed-height = Altura del marco en px (se ajusta a los paneles marcados mientras no escribas una)
embed-activity-heading = Actividad de clase: predecir y después revelar
embed-activity = Los estudiantes registran sus predicciones antes de Reproducir; la ejecución revela y puntúa cada una
embed-review = Reseña que muestra la pregunta de palabras (número de reseña de entrenamiento; vacío: la elige el laboratorio)
embed-scorm = Para una plataforma de cursos (Moodle, Canvas, Blackboard), genera paquetes SCORM 1.2 y 2004 que abren esta ejecución como actividad:
embed-scorm-command = Orden para generar SCORM
embed-snippet = fragmento iframe
embed-copy = Copiar fragmento
embed-preview = Vista previa en una pestaña nueva ↗

## Controles de entrenamiento: los botones y la línea de estado (web/src/ui/controls.ts)

play-aria = Reproducir: entrenar hasta el presupuesto de pasos
play-aria-after-solve = Reproducir: entrenar hasta el presupuesto de pasos, una vez resuelto p_mm
pause = Pausa
pause-aria = Pausar el entrenamiento
cancel = Cancelar
cancel-aria = Cancelar: { $task }
task-running = { $task }…
step-p = Paso p ×{ $steps }
speed-rate = { $rate } pasos/s
speed-fastest = lo más rápido posible
progress-loading-model = Cargando el modelo…
progress-restarting = Reiniciando el worker de entrenamiento…
progress-play-after = { $task }; Reproducir empieza después…
progress-starting = Iniciando la reproducción…
progress-waiting-link = Esperando los datos del enlace.
progress-loading-dataset = Cargando el conjunto de datos…
progress-no-dataset = No hay ningún conjunto de datos cargado: elige uno en Ajustes o carga un archivo.
progress-training = Entrenando: paso { $step } de { $target }
progress-training-rate = Entrenando: paso { $step } de { $target } · { $rate } pasos/s en los últimos { $window } s
progress-budget-space = Presupuesto de pasos alcanzado: { $step } { $step ->
        [one] paso
       *[other] pasos
    }; Espacio no inició una ejecución nueva. Pulsa Espacio otra vez o Reproducir para dar { $more } más.
progress-budget = Presupuesto de pasos alcanzado: { $step } { $step ->
        [one] paso
       *[other] pasos
    }. Reproducir da { $more } más.
progress-paused = En pausa en el paso { $step }.
progress-refused = Detenido en el paso { $step }: { $reason }
progress-step = Paso { $step } de { $target }.
progress-megabytes = : { NUMBER($done, minimumFractionDigits: 1, maximumFractionDigits: 1) } de { NUMBER($total, minimumFractionDigits: 1, maximumFractionDigits: 1) } MB

## Reviews and the Embed dialog: words the views build

review-filter-token = Reseñas que contienen «{ $token }»
embed-language-browser = El idioma del navegador del lector

# ---------------------------------------------------------------------------------------
# Las palabras de las vistas (issue 42, antes escritas en TypeScript): el glosario, los
# gráficos (títulos, entradillas, ejes, leyendas, descripciones emergentes, lecturas,
# herramientas), los nombres de los paneles, la visita guiada y los pies de figura. En
# secciones propias para que otros cambios del catálogo se rebasen sin tocarlas.

## Views: the glossary (web/src/ui/glossary.ts); symbols of the notation stay as written

glossary-what-is = ¿Qué es { $symbol }?
glossary-tip = { $symbol }: { $text }
glossary-term-margin = margen
glossary-term-uscore = puntuación U
glossary-term-ucontrast = contraste U
glossary-term-selection = exactitud de selección
glossary-p = El embedding de <cls> (d números), la única consulta. La posición t recibe la puntuación de atención a_t = p·E_{"{"}x_t{"}"}. El protocolo del artículo parte de p = 0, es decir, de una atención uniforme.
glossary-v = El vector de salida (d números), un vector unitario fijo en la teoría. La posición t aporta el valor b_t = v·E_{"{"}x_t{"}"}; el logit es f(X) = Σ_t s_t b_t.
glossary-e = Embedding del token s: la fila s de la tabla E de V × d. Al inicio sus entradas se sortean de N(0, σ²/d).
glossary-s = Peso de atención softmax de la posición t: s = softmax(a_1 … a_T) sobre los tokens reales de la reseña. Es el sombreado de las palabras de la reseña.
glossary-alpha = Frecuencia media con signo: α_s = (1/n) Σ_i y_i n_s(X_i)/T_i. Es positiva cuando s se inclina a lo positivo; su tamaño crece con lo común que es s. Resultado 1: un paso sobre E mueve v·E_s en (η/2)‖v‖² α_s.
glossary-delta = Diferencia de posteriores Δ_s = P(y = +1 | s) − P(y = −1 | s), contada sobre las apariciones de s: cuánto indica s una etiqueta, sea cual sea su frecuencia. El eje x de la Figura 1.
glossary-selected = Conjunto seleccionado de la reseña i: sus tokens más alineados con la etiqueta, argmax sobre s en X_i de y_i v·E_s (empates dentro de 1e-9 relativo). Aparecen recuadrados en las reseñas. Resultado 2: la atención acaba en S_i.
glossary-pmm = Solución del SVM de atención: el p más pequeño con p·(E_{"{"}s*{"}"} − E_s) ≥ 1 para cada reseña, su token seleccionado s* y cualquier otro token s de ella. El flujo de gradiente sobre p gira hacia la dirección de p_mm.
glossary-margin = Margen normalizado min_k p·z_k / ‖p‖ con z_k = E_{"{"}s*{"}"} − E_s sobre todas las restricciones. Se acerca a 1/‖p_mm‖ a medida que p gira hacia p_mm. Si es negativo, alguna reseña atiende más a un token no seleccionado.
glossary-sigma = Escala inicial: las entradas de E(0) son N(0, σ²/d). El Resultado 1 necesita σ pequeño; con σ cerca de 1 el ruido de la inicialización oculta la señal de α (R² baja).
glossary-eta = Tamaño del único paso de gradiente sobre E del protocolo del artículo. La pendiente predicha de v·E_s frente a α_s es (η/2)‖v‖².
glossary-uscore = Correlación de Spearman de p·E_s con |Δ_s| sobre los tokens vistos al menos 20 veces. Alta, con un Spearman con signo cerca de 0, significa una U: los tokens polares de ambos signos puntúan alto.
glossary-ucontrast = Media de p·E_s del 10 % de tokens más polarizados (mayor |Δ_s|) menos la del 50 % menos polarizado, dividida por la desviación típica de p·E_s sobre esos tokens.
glossary-selection = Proporción de reseñas cuyo token más atendido está en el conjunto seleccionado S_i. El Resultado 2 predice que sube hacia 1 donde el SVM de atención es factible.

## Views: the charts' titles and plain leads (web/src/ui/panels.ts: no notation in a lead)

chart-title-loss = Entrenamiento: pérdida y exactitud
chart-title-alignment = Resultado 1: v·E_s frente a α_s tras el paso sobre E
chart-title-u-shape = Figura 1: p·E_s frente a Δ_s (la forma de U)
chart-title-selection = Resultado 2: cos(p, p_mm), exactitud de selección y masa de atención
chart-title-norm = Resultado 2: ‖p‖ y el margen normalizado
chart-title-rate = Resultado 2: 1 − cos(p, p_mm), la velocidad de convergencia
chart-lead-loss = La pérdida (cuánto se equivoca el modelo, en promedio) baja a medida que entrena; la exactitud es la proporción de reseñas que etiqueta bien, en las reseñas de las que aprende y en las reservadas.
chart-lead-alignment = Cada punto es una palabra: su puntuación tras un paso de entrenamiento (en vertical) frente a cuánto más aparece en reseñas positivas que en negativas (en horizontal); la teoría predice que quedan en línea.
chart-lead-u-shape = Cada punto es una palabra: su puntuación de atención (en vertical) frente a cuánto se inclina hacia una etiqueta (en horizontal, las neutras en el centro); la teoría predice que el entrenamiento sube las palabras muy inclinadas de ambos lados por encima de las neutras, una U.
chart-lead-selection = A medida que avanza el entrenamiento (los pasos en horizontal, en escala logarítmica), estas líneas muestran cuánto se acerca la atención a la dirección que predice la teoría y en cuántas reseñas elige la palabra que la teoría señala.
chart-lead-norm = La longitud del vector de atención, que según la teoría crece sin límite, y su margen entre la palabra elegida y las demás por unidad de longitud, que según la teoría tiende al valor de margen máximo donde se cumplen sus hipótesis.
chart-lead-rate = Cuánto se aparta aún la dirección del vector de atención de la que predice la teoría, en escala logarítmica en ambos ejes: una recta descendente significa que se acerca a una potencia constante del paso; la pendiente escrita bajo el título se mide en esta ejecución.

## Views: the charts' axes, legends, tooltips and tables (web/src/charts/)

chart-axis-step-log = paso (escala logarítmica)
chart-axis-step = paso (pasos de gradiente)
chart-axis-loss = pérdida logística (nats por reseña)
chart-axis-accuracy = exactitud (proporción de reseñas)
chart-axis-norm = ‖p‖ (escala logarítmica)
chart-axis-rate = 1 − cos(p, p_mm) (escala logarítmica)
chart-axis-margin = margen normalizado (unidades de puntuación)
chart-axis-cosine-share = coseno / proporción de reseñas (de 0 a 1)
chart-axis-alpha = frecuencia media con signo α_s (proporción de tokens, con signo)
chart-axis-value = v · E_s (puntuación de valor)
chart-axis-delta = diferencia de posteriores Δ_s = P(+|s) − P(−|s)
chart-axis-attention = p · E_s (puntuación de atención, en unidades de logit)
chart-axis-theory = teoría: p_mm · E_s (eje derecho)
chart-series-train-loss = pérdida de entrenamiento
chart-series-test-loss = pérdida de prueba
chart-series-train-accuracy = exactitud de entrenamiento
chart-series-test-accuracy = exactitud de prueba
chart-series-p-norm = ‖p‖
chart-series-rate = 1 − cos(p, p_mm), todas las reseñas
chart-series-margin = margen normalizado
chart-series-margin-reference = 1/‖p_mm‖ (referencia)
chart-series-local-margin = margen normalizado, selección propia del flujo
chart-series-local-reference = 1/‖p_local‖ (su referencia)
chart-series-cosine = cos(p, p_mm), todas las reseñas
chart-series-selection = selección de s*, todas las reseñas
chart-series-mass = masa de atención en s*, todas las reseñas
chart-series-local-cosine = cos(p, p_local): la selección propia del flujo, todas las reseñas
chart-series-local-selection = la selección del flujo es s*, todas las reseñas
chart-series-cosine-acyclic = cos(p, p_mm), solo reseñas acíclicas
chart-series-selection-acyclic = selección de s*, solo reseñas acíclicas
chart-series-tokens = tokens
chart-series-fit = ajuste por mínimos cuadrados
chart-series-predicted = predicción (η/2)‖v‖² α
chart-series-leans-positive = Δ > 0 (se inclina a positivo)
chart-series-leans-negative = Δ < 0 (se inclina a negativo)
chart-series-neutral = Δ = 0
chart-series-theory = teoría: p_mm · E_s
chart-series-theory-of = teoría: p_mm · E_s ({ $which })
chart-theory-hard = margen duro
chart-theory-soft = margen blando
chart-theory-acyclic = { $reviews } { $reviews ->
        [one] reseña acíclica
       *[other] reseñas acíclicas
    }
chart-series-chosen = token elegido
chart-tip-token = «{ $token }»: { $values }
chart-tip-u-shape = Δ = { $delta }, p·E = { $score }, recuento { $count }
chart-column-step = paso
chart-column-token = token
chart-column-count = recuento
chart-table-thinned = Pasos aclarados geométricamente, como en el gráfico.
chart-table-most-frequent = Los { $shown } más frecuentes de { $tokens } tokens; el CSV los tiene todos.
chart-table-caption = { $title }. { $note }
chart-tools-table = Tabla
chart-tools-hide-table = Ocultar tabla
chart-tools-png = PNG
chart-tools-csv = CSV
chart-tools-region = { $title }: tabla de datos
chart-tools-table-aria = Mostrar los datos de «{ $title }» como tabla
chart-tools-png-aria = Descargar «{ $title }» como imagen PNG
chart-tools-csv-aria = Descargar los datos de «{ $title }» como CSV
chart-tools-no-data = Aún no hay datos.

## Views: the read-outs under the charts (numbers written by the page's formatter)

readout-alignment = pendiente { $slope } · predicción (η/2)‖v‖² { $predicted } · R² { $r2 }
readout-u-shape = puntuación U { $uscore } · Spearman con signo { $signed } · contraste U { $contrast } · { $tokens } { $tokens ->
        [one] token
       *[other] tokens
    }
readout-u-theory = p_mm de la teoría: puntuación U { $uscore }, con signo { $signed }
readout-u-theory-acyclic = p_mm de la teoría: puntuación U { $uscore }, con signo { $signed } (reseñas acíclicas: { $uscoreAcyclic }, { $signedAcyclic })
readout-result2-unsolved = cos(p, p_mm) n/d: p_mm se calcula justo después del paso sobre E
readout-result2 = cos(p, p_mm) { $cosine } · selección { $selection } · margen { $margin } / 1/‖p_mm‖ { $reference }
readout-result2-local = selección propia del flujo: cos(p, p_local) { $cosine }, s* en { $share }
readout-result2-local-old = selección propia del flujo: cos(p, p_local) { $cosine } (p_local del paso { $step }), s* en { $share }
readout-result2-acyclic = solo reseñas acíclicas: cos { $cosine }, selección { $selection }
readout-result2-coverage = ({ $coverage })

## Views: a figure's caption and the run's facts (web/src/ui/run-facts.ts)

caption-no-dataset = sin datos
caption-dataset = { $name } ({ $train } de entrenamiento, { $test } de prueba)
caption-not-started = sin empezar
caption-step = paso { $step } · suma de control { $checksum }
caption-model = d { $width }, σ { $sigma }, semilla { $seed }
caption-recipe-paper = protocolo del artículo: η { $eta }, flujo { $flow } r { $rate }; { $model }
caption-recipe-joint = entrenamiento conjunto: { $optimizer }, tasa de aprendizaje { $rate }, { $batch }; { $model }
caption-recipe-joint-v = entrenamiento conjunto: { $optimizer }, tasa de aprendizaje { $rate }, { $batch }, v entrenado; { $model }
caption-full-batch = lote completo
caption-batch = lote { $size }
caption-line = { $dataset } · { $recipe } · { $state }

## Views: the panels' names (the Embed dialog's ticks, web/src/ui/panels.ts)

panel-header = Título y barra para compartir
panel-controls = Controles de entrenamiento
panel-export = Guardar y cargar
panel-dataset = Datos
panel-settings = Ajustes
panel-prompt = Línea de orientación
panel-recipes = Recetas para estos datos
panel-alignment = Gráfico del Resultado 1
panel-ushape = Gráfico de la Figura 1 (forma de U)
panel-result2 = Gráficos del Resultado 2
panel-loss = Gráfico de pérdida y exactitud
panel-metrics = Métricas
panel-why = ¿Por qué se ve así?
panel-maxmargin = Panel del SVM de atención
panel-reviews = Reseñas (visor y lista)
panel-table = Tabla de tokens
panel-glossary = Símbolos

## Views: the guided tour (web/src/ui/tour.ts)

tour-title-alignment = Resultado 1: un paso sobre los embeddings escribe en ellos la frecuencia de las palabras
tour-title-ushape = Figura 1: ¿dibuja una U la atención al entrenarse?
tour-title-result2 = Resultado 2: ¿elige la atención la palabra que selecciona la teoría?
tour-title-metrics = La ejecución que sigue esta visita
tour-first-title = ¿Qué estoy viendo?
tour-first-lead = { $title }. { $lead }
tour-counter = Paso { $step } de { $steps }
tour-finish = Terminar
tour-act-restart = Empezar desde el paso 0
tour-act-step-e = Dar el paso sobre E
tour-act-solve = Calcular p_mm
tour-kind-expect = Qué buscar
tour-kind-shown = En pantalla ahora
tour-kind-off = Aún no en pantalla, y por qué
tour-kind-instead = Qué hace el flujo en su lugar
tour-kind-n-a = No se aplica a esta ejecución
tour-kind-fact = Medido
tour-this-run = Esta ejecución
tour-reading = Leyendo la ejecución…
tour-run-kept = { $facts }. La visita conserva esta ejecución: solo pulsa un botón cuando pulsas uno de los suyos.
tour-run-restart = { $facts }. La visita conserva esta ejecución: solo pulsa un botón cuando pulsas uno de los suyos. «Empezar desde el paso 0» pulsa Reiniciar (recarga el enlace para volver al paso { $step }).

## Views: the metrics panel (web/src/ui/metrics-panel.ts)

metric-step = paso
metric-phase = fase
metric-train-loss = pérdida de entrenamiento
metric-test-loss = pérdida de prueba
metric-train-accuracy = exactitud de entrenamiento
metric-test-accuracy = exactitud de prueba: ahora / tras el paso sobre E
metric-test-accuracy-hint = el flujo sobre p puede bajarla: el Resultado 2 trata de la atención, no del clasificador
metric-p-norm = ‖p‖
metric-slope = pendiente / predicha
metric-slope-hint = Resultado 1: pendiente ajustada de v·E_s sobre α_s frente a (η/2)‖v‖²
metric-r2 = R² del ajuste
metric-r2-hint = Resultado 1: parte de v·E_s explicada por α_s
metric-cosine = cos(p, p_mm): todas / reseñas acíclicas
metric-cosine-hint = Resultado 2: dirección de p frente a la solución del SVM de atención, sobre todas las reseñas y sobre las reseñas cuyas restricciones no están en ciclos
metric-margin = margen / 1/‖p_mm‖
metric-margin-hint = Resultado 2: min_k p·z_k/‖p‖ frente a su valor de margen máximo
metric-selection = exactitud de selección: todas / acíclicas
metric-selection-hint = proporción de reseñas cuyo token más atendido es un token seleccionado (el más alineado con la etiqueta), sobre todas las reseñas y sobre las acíclicas
metric-baseline = selección de referencia (mayor |v·E_s|)
metric-baseline-hint = proporción de reseñas cuyo token de mayor |v·E_s| es un token seleccionado: la regla sin etiquetas con la que se compara la selección
metric-local = cos(p, p_local) / la selección del flujo es s*
metric-local-hint = Resultado 2 sobre todas las reseñas: dirección de p frente al SVM de atención de los tokens que selecciona el flujo, y la proporción de reseñas en las que ese token es s*
metric-u-score = puntuación U / con signo
metric-u-score-hint = Figura 1: Spearman de p·E_s con |Δ_s| y con Δ_s con signo (recuento ≥ 20)
metric-u-contrast = contraste U
metric-u-contrast-hint = media de p·E_s del 10 % de tokens más polarizados menos la del 50 % menos polarizado, sobre su desviación típica
metric-checksum = suma de control
metric-checksum-hint = hash de E, p, v: ejecuciones iguales dan sumas de control iguales
phase-initialized = inicializado
phase-embeddings-stepped = paso sobre E dado
phase-flow = flujo sobre p
phase-joint = entrenamiento conjunto
why-selection-not-yet = Todavía no: los tokens seleccionados salen de v·E_s una vez que E ha cambiado (el paso sobre E, o un paso conjunto).
why-selection-summary = { $distinct } { $distinct ->
        [one] token distinto es
       *[other] tokens distintos son
    } el s* de alguna reseña, sobre { $reviews } { $reviews ->
        [one] reseña
       *[other] reseñas
    } de entrenamiento; recuento mediano { $count }, |Δ_s| mediano { $delta }.
token-empty = (vacío)

## Views: the attention-SVM panel (web/src/ui/max-margin-panel.ts)

svm-row-problem = problema resuelto
svm-row-acyclic = restricciones acíclicas
svm-row-acyclic-hint = con d ≥ V, unas restricciones acíclicas hacen factible el margen duro
svm-row-constraints = restricciones: únicas / instancias / reseñas
svm-row-constraints-hint = pares únicos de tokens (seleccionado, otro); pares contados por reseña; reseñas que aportan alguno
svm-row-in-cycles = en ciclos: restricciones / reseñas
svm-row-violated = restricciones violadas
svm-row-norm = ‖p_mm‖
svm-row-min-margin = margen mínimo
svm-row-solver = resolución (épocas, brecha)
svm-cancel-solve = Cancelar el cálculo
svm-status-unsolved = Sin resolver para los pesos actuales. Da primero el paso sobre E y luego calcula.
svm-status-cancelled = Se canceló el cálculo. Sin resolver para los pesos actuales: «Calcular p_mm» lo vuelve a empezar.
svm-status-solving = Resolviendo el SVM de atención…
svm-status-failed = El cálculo falló; mira el mensaje de arriba.
svm-status-hard = margen duro: cada reseña puede seleccionar sus tokens
svm-status-soft-no-cycle = margen blando (C = { $c }): el margen duro no cumplió todas las restricciones (no hay ciclos; con d < V puede ser infactible)
svm-status-soft-cycles = margen blando (C = { $c }): el problema de margen duro es infactible (ciclos)
svm-problem-none = ninguno
svm-problem-hard = margen duro
svm-problem-soft = margen blando (bisagra, C)
svm-yes = sí
svm-no = no
svm-solver = { $epochs }, { $gap }
svm-solver-not-converged = { $epochs }, { $gap } (sin converger)
svm-cycles-more = … y { $more } más

## Views: the review viewer's caption and the review list (web/src/ui/review-*.ts)

review-total = de { $total }
review-your-text = tu texto
review-caption = etiqueta { $label } · logit f(X) { $logit } (predice { $prediction }) · atención en los tokens seleccionados { $attention }
review-list-status-train = { $matched } de { $total } reseñas de entrenamiento coinciden; se muestran { $first }–{ $last }.
review-list-status-test = { $matched } de { $total } reseñas de prueba coinciden; se muestran { $first }–{ $last }.
review-list-none-train = { $matched } de { $total } reseñas de entrenamiento coinciden.
review-list-none-test = { $matched } de { $total } reseñas de prueba coinciden.
review-list-open = Abrir la reseña { $number } en el visor
review-badge-positive = etiqueta positiva
review-badge-negative = etiqueta negativa
review-badge-predicts-positive = predice positiva { $mark }
review-badge-predicts-negative = predice negativa { $mark }
review-badge-logit = logit f(X) = { $logit }
review-badge-on-selected = máxima atención en S_i
review-badge-off-selected = máxima atención fuera de S_i
review-badge-selected-title = Si la palabra más atendida es uno de los tokens seleccionados (recuadrados)

## Views: the token table (web/src/ui/token-table.ts)

token-column-token = token
token-column-count = recuento
token-sort = Ordenar por { $column }
token-status-none = Aún no hay datos.
token-status = Se muestran { $shown } de { $tokens } tokens. Elige un token para rodearlo en los gráficos de dispersión y listar sus reseñas.
token-status-search = Se muestran { $shown } de { $tokens } tokens que coinciden con la búsqueda. Elige un token para rodearlo en los gráficos de dispersión y listar sus reseñas.
token-chosen-title = Elegido: pulsa de nuevo para quitarlo
token-choose-title = Rodear este token en los gráficos

## Views: the dataset card (web/src/ui/dataset-panel.ts)

dataset-summary = { $source } ({ $format }): { $rows } { $rows ->
        [one] fila
       *[other] filas
    }, entrenamiento { $train } ({ $positive } positivas, { $negative } negativas), prueba { $test }; vocabulario de { $vocabulary } { $vocabulary ->
        [one] token
       *[other] tokens
    }, { $tokens } { $tokens ->
        [one] token
       *[other] tokens
    } de entrenamiento.
dataset-summary-no-test = { $source } ({ $format }): { $rows } { $rows ->
        [one] fila
       *[other] filas
    }, entrenamiento { $train } ({ $positive } positivas, { $negative } negativas), sin partición de prueba; vocabulario de { $vocabulary } { $vocabulary ->
        [one] token
       *[other] tokens
    }, { $tokens } { $tokens ->
        [one] token
       *[other] tokens
    } de entrenamiento.
dataset-content-hash = Hash del contenido { $hash }.
dataset-dropped = { $rows } { $rows ->
        [one] fila descartada
       *[other] filas descartadas
    }:
dataset-origin-preset = propios (una muestra de Hugging Face de { $name }, semilla { $seed }): { $source }
dataset-origin-file = propios (archivo): { $source }
dataset-origin-url = propios (URL): { $source }
dataset-need-label = Datos que necesita este enlace
dataset-need-file = Este enlace se hizo con { $name } ({ $rows } { $rows ->
        [one] fila
       *[other] filas
    }, hash del contenido { $hash }). Suelta ese archivo en la página o elígelo aquí para reproducir la ejecución; se comprueba antes de cargar nada.
dataset-need-pick = Elegir { $name }
dataset-need-url = Este enlace descarga { $url } ({ $rows } { $rows ->
        [one] fila
       *[other] filas
    }) de { $host }. ¿Descargarlo? Se comprueba con el hash del contenido { $hash }.
dataset-need-preset = Este enlace toma una muestra de { $rows } { $rows ->
        [one] fila
       *[other] filas
    } de { $title } de Hugging Face (semilla { $seed }). ¿Descargarla? Se comprueba con el hash del contenido { $hash }.
dataset-need-download-from = Descargar de { $host }
dataset-need-download-sample = Descargar la muestra
dataset-need-nothing = No se carga nada hasta que se aporten los datos del enlace.
dataset-need-builtin = Abrir en su lugar las reseñas de películas incluidas
dataset-need-keeps = Mientras tanto, el laboratorio conserva { $name } y su ejecución.
dataset-limits = Límites: { $megabytes } MB por entrada, { $reviews } reseñas, { $tokens } tokens, un vocabulario de { $vocabulary }, d hasta { $width } y { $weights } pesos (vocabulario × d). Los datos más grandes se rechazan indicando el ajuste que hay que bajar.

## Views: the dataset card's sources (web/src/ui/dataset-sources.ts)

dataset-url-label = URL de un archivo CSV, TSV o JSON Lines
dataset-url-load = Cargar desde URL
dataset-url-invalid = Eso no es una URL.
dataset-url-https = Solo se pueden cargar URL https://.
dataset-url-trust = Tu navegador descargará el archivo de { $host }. ¿Confías en este servidor?
dataset-url-trust-file = Tu navegador descargará { $file } de { $host }. ¿Confías en este servidor?
dataset-folder = O una carpeta con subcarpetas pos/ y neg/, una reseña por archivo (aclImdb)
dataset-drop = O suelta archivos o una carpeta en cualquier parte de la página. Se rechazan los archivos de más de 256 MB.
dataset-export = Exportar como etiqueta⇥texto
dataset-presets = Muestras de reseñas de Hugging Face ({ $host }):
dataset-sample = Reseñas
dataset-preset-title = { $dataset } ({ $split }) de { $host }
preset-imdb = Reseñas de películas de IMDB
preset-yelp = Polaridad de Yelp
preset-sst2 = Frases de SST-2
preset-rotten-tomatoes = Fragmentos de Rotten Tomatoes
dataset-progress = { $task }: { $amount }
dataset-progress-megabytes = { NUMBER($done, minimumFractionDigits: 1, maximumFractionDigits: 1) } MB
dataset-progress-megabytes-of = { NUMBER($done, minimumFractionDigits: 1, maximumFractionDigits: 1) } de { NUMBER($total, minimumFractionDigits: 1, maximumFractionDigits: 1) } MB

## Views: the settings form (web/src/ui/settings-form.ts). Each setting of core's field table
## (core/src/config_fields.cpp) shown in the form has setting-<key> (its label) and
## setting-<key>-help; tests/web/catalog.test.ts checks that every one does.

settings-group-data = Datos
settings-group-synthetic = Datos sintéticos
settings-group-model = Modelo e inicialización
settings-group-protocol = Protocolo de entrenamiento
settings-group-svm = SVM de atención (p_mm)
settings-custom-data = propios: { $name }, { $rows } { $rows ->
        [one] fila
       *[other] filas
    }
setting-dataset = Conjunto de datos
setting-dataset-help = Un conjunto incluido, el generador sintético o tus propios datos (un archivo, una URL o una muestra de Hugging Face), que un enlace identifica por el hash de su contenido.
setting-test_fraction = Proporción de prueba
setting-test_fraction-help = Proporción de reseñas reservadas para la prueba (partición con semilla).
setting-max_reviews = Máx. de reseñas
setting-max_reviews-help = Muestra aleatoria de como mucho tantas reseñas; 0 las conserva todas.
setting-max_tokens = Máx. de tokens por reseña
setting-max_tokens-help = Conserva los primeros tokens de cada reseña; 0 los conserva todos.
setting-min_count = Recuento mínimo
setting-min_count-help = Las palabras vistas menos veces en la partición de entrenamiento pasan a ser <unk>.
setting-max_vocab = Vocabulario máximo
setting-max_vocab-help = Como mucho tantos tokens (los más frecuentes primero), <unk> incluido.
setting-max_doc_share = Proporción máx. de documentos
setting-max_doc_share-help = Las palabras presentes en más de esta proporción de reseñas de entrenamiento pasan a ser <unk> (1 las conserva todas); 0,1 quita las palabras vacías y la puntuación, de modo que el token seleccionado de cada reseña es una palabra de verdad.
setting-drop_unknown = Quitar palabras desconocidas
setting-drop_unknown-help = Las palabras fuera del vocabulario se quitan de las reseñas en lugar de pasar a ser <unk>, así ningún <unk> agrupado se lleva el token seleccionado de cada reseña.
setting-lowercase = Minúsculas
setting-lowercase-help = Pasa las letras ASCII a minúsculas.
setting-remove_stop_words = Quitar palabras vacías
setting-remove_stop_words-help = Quita las palabras funcionales comunes del inglés (the, and, of ...) antes de contar.
setting-synthetic_reviews = Reseñas sintéticas
setting-synthetic_reviews-help = Número de reseñas que genera el generador sintético.
setting-synthetic_feasible = Reseñas gemelas, palabras polares de una sola clase
setting-synthetic_feasible-help = Reseñas por parejas gemelas (las mismas palabras neutras, palabras polares solo de la clase de la reseña), sin ruido en las etiquetas. Si se conservan todas las palabras, el grafo de «debe superar» es acíclico y el SVM de atención factible (d >= V); un recorte que quite una palabra polar (el max_doc_share por defecto, 0,2, quita la más común) pone reseñas en ciclos. El panel de margen máximo dice cuál de los dos casos se da.
setting-synthetic_label_noise = Ruido en las etiquetas
setting-synthetic_label_noise-help = Probabilidad de que la etiqueta de una reseña sintética se invierta (modo no factible).
setting-width = d (anchura del embedding)
setting-width-help = Anchura de los embeddings de tokens E_s, de p y de v.
setting-sigma = σ (escala inicial)
setting-sigma-help = Las entradas de E(0) son N(0, σ²/d). Un σ pequeño hace exacta la alineación de un solo paso.
setting-seed = Semilla
setting-seed-help = Fija la partición, E(0), v y los minilotes: misma semilla, misma ejecución.
setting-protocol = Protocolo
setting-protocol-help = paper: un paso de descenso de gradiente sobre E y luego el flujo sobre p con E congelado. joint: entrena E y p a la vez.
setting-eta = η (paso sobre E)
setting-eta-help = Tamaño del único paso de gradiente del artículo sobre E; la pendiente predicha es η/2 ‖v‖².
setting-flow_step = Regla de paso del flujo
setting-flow_step-help = Cómo se discretiza el flujo de gradiente sobre p: longitud constante, paso r/L o búsqueda lineal con retroceso.
setting-flow_rate = Tasa del flujo r
setting-flow_rate-help = Longitud de paso del flujo sobre p (el paso base de las reglas growing y Armijo).
setting-flow_acyclic_only = Flujo solo sobre reseñas acíclicas
setting-flow_acyclic_only-help = El flujo sobre p entrena solo con las reseñas cuyas restricciones del SVM de atención no están en ciclos, donde la teoría predice su límite p_mm.
setting-optimizer = Optimizador
setting-optimizer-help = Protocolo conjunto: descenso de gradiente con lote completo, SGD por minilotes o Adam.
setting-learning_rate = Tasa de aprendizaje
setting-learning_rate-help = Protocolo conjunto: tamaño de paso del optimizador.
setting-batch_size = Tamaño del lote
setting-batch_size-help = Protocolo conjunto, SGD y Adam: reseñas por paso; 0 significa lote completo.
setting-train_v = Entrenar v
setting-train_v-help = Protocolo conjunto: entrena también el vector de salida v (fijo en la teoría).
setting-steps = Pasos por ejecución
setting-steps-help = Cuántos pasos da Reproducir antes de detenerse.
setting-svm_c = C (margen blando)
setting-svm_c-help = Penalización de las restricciones violadas cuando el SVM de atención es infactible.

## Views: the worker's tasks, as the progress line and Cancel name them (web/src/worker/)

task-building = Construyendo el conjunto de datos
task-rebuilding = Reconstruyendo el conjunto de datos con los nuevos ajustes
task-solving = Calculando p_mm
task-solving-stage = Calculando p_mm ({ $stage ->
        [all_soft] todas las reseñas, margen blando
        [acyclic_hard] reseñas acíclicas, margen duro
        [acyclic_soft] reseñas acíclicas, margen blando
       *[all_hard] todas las reseñas, margen duro
    }, barrido { $sweep })
task-reading = Leyendo { $name }
task-downloading = Descargando { $name }
task-sampling = Tomando una muestra de { $name }
progress-files = : { $done } de { $total } archivos
progress-reviews = : { $done } de { $total } reseñas
progress-updates = : { $done } de { $total } actualizaciones
dataset-progress-files = { $done } { $done ->
        [one] archivo
       *[other] archivos
    }
dataset-progress-files-of = { $done } de { $total } archivos
dataset-progress-reviews = { $done } { $done ->
        [one] reseña
       *[other] reseñas
    }
dataset-progress-reviews-of = { $done } de { $total } reseñas

## Views: the flow's own att-SVM solved at a run's end, its progress and Cancel (web/src/worker/training.ts, the CLI's stderr)

task-local-svm = Calculando p_local, la SVM de atención de la selección del flujo en el paso { $step }
task-local-svm-progress = Calculando p_local, la SVM de atención de la selección del flujo en el paso { $step }: barrido { $sweep }, { $active } de { $constraints } restricciones activas, brecha de dualidad { NUMBER($gap, maximumSignificantDigits: 2) } (termina en { $tolerance })
task-local-svm-progress-no-gap = Calculando p_local, la SVM de atención de la selección del flujo en el paso { $step }: barrido { $sweep }, { $active } de { $constraints } restricciones activas, aún sin brecha de dualidad finita (termina en { $tolerance })
readout-result2-local-cancelled = p_local del paso { $step }: cancelado
metrics-local-cancelled = cancelado

## Views: the review's computation, token by token (web/src/ui/review-computation.ts)

flow-mark-top = máx.
flow-in-selected = (en S_i)
flow-head-token = token
flow-head-order = mayor s_t primero
flow-step-score = 1 puntuación
flow-step-softmax = 2 softmax
flow-step-value = 3 valor
flow-step-weigh = 4 ponderar
flow-plain-score = cuánto lo favorece p
flow-plain-softmax = su parte de la atención
flow-plain-value = su voto: + o −
flow-plain-weigh = lo que aporta a f
flow-no-token = Ningún token de esta reseña está en el modelo.
flow-others = { $others } { $others ->
        [one] token más
       *[other] tokens más
    }
flow-guide = Se lee de izquierda a derecha: p puntúa cada token (1), softmax convierte las puntuaciones en pesos que suman 100 % (2), v da a cada token un voto (3), cada voto cuenta según su peso (4) y los votos ponderados suman f, cuyo signo es la predicción. s* marca el token de la teoría; máx., el más atendido.
flow-caption = El modelo en esta reseña: por token, la puntuación a_t, el peso de atención s_t, el valor b_t y s_t·b_t, cuya suma es f
flow-region = El cálculo, token a token
flow-show-largest = Mostrar solo los { $shown } pesos mayores
flow-show-all = Mostrar { $tokens ->
        [one] el único token
       *[other] los { $tokens } tokens
    }
flow-predicts = predice
flow-no-label = (tu texto no tiene etiqueta)
flow-true-label = etiqueta real
flow-correct = ✓ acierto
flow-wrong = ✗ error
flow-y-predicted = el mayor y·b_t, con y = { $y }, el signo predicho
flow-y-label = el mayor y·b_t, con y = { $y }, la etiqueta
flow-theory-selects = La teoría selecciona s*
flow-model-attends = El modelo atiende a
flow-model-why = el mayor s_t, que sigue a a_t = p·E_t
flow-agree = Coinciden: el token más atendido es uno de los que selecciona la teoría (en S_i).
## What the page holds (issue 40, item 2): the metrics panel's last two read-outs
## (web/src/ui/memory-readout.ts), from the worker's Lab.memory().

memory-model-label = tamaño del modelo
memory-model-hint = Los pesos que entrena el laboratorio: E (V × d), p y v (d cada uno), guardados como flotantes de 32 bits.
memory-model-value = { $vocab } × { $width } + 2 × { $width } = { $weights } pesos, { $mib } MiB ({ $bytes } bytes)
memory-model-none = n/d (no hay datos cargados)
memory-heap-label = memoria wasm ahora
memory-heap-hint = La memoria del módulo wasm: el modelo, las reseñas, las tablas de los solvers. Crece cuando una carga o una resolución necesita más y nunca se reduce.
memory-heap-value = { $mib } MiB ({ $bytes } bytes)

## The dataset preview (shown before a file, folder, URL or sample loads)

preview-title = Vista previa: { $name }
preview-confirm = Cargar y reiniciar el entrenamiento
preview-latin1 = Decodificar como Latin-1 (Windows-1252) y reintentar
preview-latin1-note = Los bytes no son UTF-8. Las exportaciones antiguas de Excel y de herramientas de Windows suelen ser Windows-1252; decodificarlas conserva todos los caracteres.
preview-format = Formato
preview-detect = detectar ({ $found })
preview-text-column = Columna de texto
preview-label-column = Columna de etiqueta
preview-stars = Umbral de estrellas
preview-stars-title = Las valoraciones por encima son positivas, por debajo negativas, iguales se descartan (escala 1-5; las columnas 1-10 se escalan igual).
preview-format-fact = Formato { $format }, { $encoding }.
preview-columns-fact = Texto de «{ $text }», etiqueta de «{ $label }»: { $mapping }.
preview-balance = { $rows } { $rows ->
        [one] reseña
       *[other] reseñas
    }: { $positive } positivas, { $negative } negativas.
preview-dropped = { $rows } { $rows ->
        [one] fila descartada
       *[other] filas descartadas
    }: { $reasons }.
preview-reason-separator = {"; "}
preview-rows-caption = { $rows ->
        [one] La primera fila
       *[other] Las primeras { $rows } filas
    }, con los textos recortados
preview-column-label = Etiqueta
preview-column-text = Texto
preview-columns-first = las primeras { $listed } de { $columns } columnas; busca las demás
preview-columns-matching = { $shown } de { $matched } columnas que contienen «{ $query }»
preview-columns-search = Buscar entre { $columns } columnas
preview-columns-search-text = Buscar la columna de texto entre las columnas
preview-columns-search-label = Buscar la columna de etiqueta entre las columnas

## A link's page keys the page could not use (the banner; the value is ignored)

link-key-malformed = { $key }: el valor tiene un escape % mal formado; se ignora.
link-key-twice = { $key } aparece dos veces; se usa el primer valor.
link-run-invalid = run: «{ $value }» no es un número entero de pasos; se ignora.
link-speed-invalid = speed: «{ $value }» no es ninguna de { $speeds } pasos por segundo (0: lo más rápido posible); se ignora.
link-lang-invalid = lang: «{ $value }» no es un idioma del laboratorio (en, es, zh-CN); se ignora.
link-scorm-invalid = scorm: «{ $value }» no es 1.2 ni 2004; se ignora.
link-panels-none = panels: no nombra ningún panel (los paneles son { $panels }); se muestra todo el laboratorio.
link-hide-all = hide: se ocultarían todos los paneles y la página quedaría vacía; se muestra todo el laboratorio.
link-panel-unknown = { $key }: panel desconocido «{ $name }», se ignora.

## The training worker's errors (web/src/worker), said in the banner

error-no-preview = No hay ninguna vista previa de datos que confirmar.
error-unknown-preset = Conjunto de datos predefinido desconocido: «{ $name }».
error-lab-faulted = El laboratorio se detuvo tras un fallo; la página está reiniciando el proceso de entrenamiento.
error-module-not-loaded = El módulo wasm aún no se ha cargado.
error-needs-data =
    { $action ->
        [reset] Carga un conjunto de datos antes de Reiniciar.
        [review] Carga un conjunto de datos antes de mostrar una reseña.
        [score] Carga un conjunto de datos antes de puntuar una reseña.
        [list] Carga un conjunto de datos antes de listar las reseñas.
        [export] Carga un conjunto de datos antes de exportar los datos.
        [activity] Carga un conjunto de datos antes de la actividad.
        [replay] Carga un conjunto de datos antes de reproducir un enlace.
        [step] Carga un conjunto de datos antes de dar un paso.
        [solve] Carga un conjunto de datos antes de resolver p_mm.
        [save] Carga un conjunto de datos antes de guardar una ejecución.
        [train] Carga un conjunto de datos antes de entrenar.
       *[play] Carga un conjunto de datos antes de Reproducir.
    }
error-no-link-answer = Ningún enlace espera una respuesta sobre los datos.
error-settings-not-compared = No se pudieron comparar los ajustes: { $reason }
error-no-link-file = Ningún enlace espera un archivo: carga tus propios datos desde la tarjeta Conjunto de datos.
error-no-link-download = Ningún enlace espera una descarga.
error-download-failed = No se pudo descargar el conjunto de datos incluido «{ $name }» ({ $url }): { $reason }
error-download-cancelled-kept = Cancelaste la descarga de { $file }: el laboratorio conserva { $source } y su ejecución.
error-download-cancelled-empty = Cancelaste la descarga de { $file }: no hay nada cargado: elige un conjunto de datos o carga un archivo.
error-run-not-saved = La ejecución no se guardó: { $reason }.
error-run-not-loaded = El archivo de ejecución no se cargó: { $reason }.
error-run-unreadable = El archivo de ejecución no se puede leer: { $reason }.
error-run-not-applied = El archivo de ejecución no se cargó y nada cambió: { $reason }.
error-link-not-replayed = La ejecución del enlace no se reprodujo: { $reason }.
error-split-empty =
    { $split ->
        [test] La partición de prueba está vacía.
       *[train] La partición de entrenamiento está vacía.
    }
error-faults-test-only = Los fallos solo se inyectan en las compilaciones de prueba.
error-too-large = { $name } ocupa { $size }; no se pueden cargar archivos de más de { $limit } (el analizador los rechaza). Toma una muestra de las filas o divide el archivo.
error-folder-too-large = La carpeta { $name } ocupa { $size }; no se pueden cargar archivos de más de { $limit } (el analizador los rechaza). Toma una muestra de las filas o divide el archivo.
error-offline = La red no está disponible: este equipo no tiene conexión y { $what ->
        [sample] muestrear { $name }
       *[download] descargar { $name }
    } necesita { $host }. Carga en su lugar un archivo de tu equipo, o elige las reseñas incluidas de películas o restaurantes (el ajuste Conjunto de datos), que funcionan sin conexión.
error-unreachable = La red no está disponible: { $what ->
        [sample] muestrear { $name }
       *[download] descargar { $name }
    } necesita { $host }, que no respondió (puede que este equipo no tenga conexión, o que un cortafuegos o el propio sitio bloqueen la solicitud). Carga en su lugar un archivo de tu equipo, o elige las reseñas incluidas de películas o restaurantes (el ajuste Conjunto de datos), que funcionan sin conexión.
error-gzip-damaged = { $name } está comprimido con gzip pero dañado: { $reason }
error-download-url = No se pudo descargar { $url }: { $reason }
error-download-http = No se pudo descargar { $url }: HTTP { $status }
error-source-files = Se recibieron { $files } archivos. Se esperaba un archivo de reseñas (CSV, TSV, JSON Lines), un par de archivos *.pos y *.neg con una reseña por línea, o una carpeta con subcarpetas pos/ y neg/ con una reseña por archivo.
error-rows-http = { $name }: HTTP { $status } de la API de filas: «{ $reason }»
error-rows-no-array = { $name }: la API de filas respondió sin una lista «rows»
error-rows-bad-row = { $name }, fila { $row }: se esperaba un texto «{ $field }» y una «label» numérica
module-fault-memory = El laboratorio se quedó sin memoria (la memoria wasm está limitada a 2 GB): { $detail }. El proceso de entrenamiento se reinicia con el último conjunto de datos y los últimos ajustes que se cargaron. Reduce max_reviews, max_vocab o d antes de volver a intentarlo.
module-fault-internal = El laboratorio se detuvo por un error interno: { $detail }. El proceso de entrenamiento se reinicia con el último conjunto de datos y los últimos ajustes que se cargaron.

## The training worker stopped, or is slow (the banner)

worker-gone-terminated = se terminó
worker-gone-error = un error no capturado ({ $detail })
worker-gone-unreadable = no se pudo leer un mensaje
worker-gone-hung = no respondió durante { $seconds } s (atascado en un cálculo)
worker-gone-stopped-busy = lo detuviste mientras «{ $task }» estaba en curso (más de { $seconds } s)
worker-stopped = El proceso de entrenamiento se detuvo: { $reason }. Reinícialo con los mismos ajustes y datos.
worker-restart = Reiniciar
worker-restarted = El proceso de entrenamiento se detuvo: { $reason }. Se reinició y se reprodujo hasta el paso { $step }.
worker-restarted-interrupted = El proceso de entrenamiento se detuvo: { $reason }. Se reinició y se reprodujo hasta el paso { $step } de la ejecución anterior a los datos nuevos; esos datos no se cargaron (cárgalos de nuevo para volver a intentarlo).
worker-slow = { $task } está tardando más de lo previsto: { $seconds } s hasta ahora, se estimaron unos { $estimate } s (puede que el equipo esté ocupado). El proceso de entrenamiento sigue calculando y continuará cuando termine.
worker-slow-stop = Detenerlo y conservar la ejecución
