# clslab 简体中文：catalog/en.ftl 的每条消息，id 与变量完全相同（tests/web/locales.test.ts
# 会检查）。如何新增或修订译文，见 CONTRIBUTING.md 的 "Translate the lab" 一节。
#
# 术语表（同一概念始终用同一个词；论文的记号不翻译）：
#   review            评论                   token              词元
#   word              词                     vocabulary         词表
#   embedding         嵌入（E、E_s）          attention          注意力
#   step              步                     the step on E      E 上的一步
#   gradient flow     梯度流                 the flow on p      p 上的梯度流
#   training          训练                   joint training     联合训练
#   paper protocol    论文协议               recipe             方案
#   train / test      训练 / 测试            accuracy           准确率
#   loss              损失                   label              标签
#   selected token    被选词元 s*            selection          选中率 / 选择
#   max-margin        最大间隔               normalized margin  归一化间隔
#   attention-SVM     注意力 SVM             constraint         约束
#   cycle             环                     must-beat graph    “必须胜过”关系图
#   strongly connected set  强连通集
#   U-score           U 分数                 signed score       带符号分数
#   slope             斜率                   line               直线
#   stop word         停用词                 overfitting        过拟合
#   baseline          基线                   pooled classifier  平均池化分类器
#   settings          设置                   theorem            定理
#   Result 1/2, Figure 1   结果 1/2、图 1
# 句中引用的按钮名：“E 步”“播放”“暂停”。
# 不翻译的记号：α、Δ、η、σ、‖v‖²、p_mm、p_local、s*、R²、d、V、cos(p, p_mm)。
# 标点：中文句子用全角标点（，：。；（）），公式与数值保留半角。

## Lists

token-list-item = “{ $item }”
token-list-separator = 、
sentence-separator = {""}

## A value that does not apply (yet): a read-out, a tooltip

not-available = 不适用

## What each verdict kind is called where a verdict is shown

verdict-label-expect = 观察要点：
verdict-label-shown = 已呈现：
verdict-label-off = 未呈现：
verdict-label-instead = 实际情况：
verdict-label-n-a = 此处无预测：

## Buttons beside a verdict

recipe-use = 使用 { $name } 方案
recipe-why = 这些数字的由来
offer-dataset = 打开 { $name }.tsv（真实评论）

## The prompt while the page is busy (core's guidance.prompt says the rest)

prompt-needs-data = 此链接需要它的数据：请看“数据集”卡片。
prompt-nothing-loaded = 尚未加载任何内容：{ $reason }
prompt-loading = 正在加载模型和数据集…
prompt-training = 正在训练… 按“暂停”可停下来查看。
prompt-stopped = 已停止：{ $reason }

## Trends over the last quarter of a run (a detail of several verdicts)

trend = 自第 { $step } 步以来，{ $quantity ->
        [cos-local] cos(p, p_local){" "}
        [cos-mm] cos(p, p_mm){" "}
        [margin] 归一化间隔
        [u-score] U 分数
        [norm] ‖p‖{" "}
       *[train-loss] 训练损失
    }{ $direction ->
        [rose] 上升了 { $change }。
        [fell] 下降了 { $change }。
       *[flat] 变化了 { $change }，在 0.01 以内。
    }

## Result 1: one step on E writes α into the embeddings

result1-not-predicted = 单步图像属于论文协议：联合训练同时更新 E 和 p，因此 v·E_s 不再等于 (η/2) α_s，也就不预测任何直线。
result1-waits = 等待 E 上的一步：按“E 步”，每个词元的 v·E_s 应移动 (η/2) α_s，落在一条过原点的直线上。
result1-shown = 各点落在预测直线上：斜率 { $slope }，对比 (η/2)‖v‖² = { $predicted }，R² { $r2 }。
result1-close = 接近预测直线，但不在其上：斜率 { $slope }，对比 (η/2)‖v‖² = { $predicted }，R² { $r2 }。
result1-off = 偏离预测直线：斜率 { $slope }，对比 (η/2)‖v‖² = { $predicted }，R² { $r2 }。
result1-noise = 初始噪声 σ/√d = { $noise } 与这一步的离散程度 (η/2)·std(α) = { $spread } 相当。
result1-recipe-sigma = result1 方案设定 σ = { $sigma }、d = { $d }：它的初始噪声 σ/√d = { $noise } 是它这一步在这些评论上的离散程度 (η/2)·std(α) = { $spread } 的 { $share }，而此处为 { $now }。
result1-recipe-in-force = result1 方案已生效（σ = { $sigma }）：只有在设置中减小 σ 或增大 η，才能让直线更清晰。

## Figure 1: the U shape of p·E_s against Δ_s

figure1-waits = p = 0 时所有词元得分都是 0；随着训练，两种符号的极性词元得分都应上升：p·E_s 对 Δ_s 呈 U 形。
figure1-p-zero = p 仍为 0（p 上的梯度流尚未开始），所以所有词元得分都是 0。
figure1-shown = 在{ $protocol ->
        [joint] 联合训练（E 和 p 一起训练）
       *[paper] 论文协议（p 上的梯度流）
    }下出现 U 形：两种符号的极性词元得分都高（U 分数 { $u }，带符号分数 { $signed }）。
figure1-off = 第 { $step } 步没有 U 形：U 分数 { $u }，带符号分数 { $signed }（U 形要求 U 分数至少 0.5，且带符号分数在 ±0.3 以内）。
figure1-forming = 联合训练进行到第 { $step } 步，figure1 方案的预算为 { $budget } 步（U 分数 { $u }，带符号分数 { $signed }）：预算内能否形成 U 形取决于数据，请关注 U 分数。
figure1-best-earlier = 目前最好的 U 分数是 { $best }，出现在第 { $step } 步。
figure1-past-peak = U 分数在第 { $step } 步达到峰值 { $best }，此后下降了 { $drop }。
figure1-below-within-budget = 在 figure1 方案 { $budget } 步的预算内，U 分数没有达到 0.5：最好的是 { $best }，出现在第 { $step } 步。
figure1-signed-blocks = U 分数 { $u } 已超过 0.5，但带符号分数 { $signed } 不在 ±0.3 以内：p 也在按 Δ 的符号给词元排序。
figure1-selected-kind = p 跟随每条评论的被选词元 s*，而这些是{ $kind ->
        [frequent-mild] 高频且极性较弱的
        [frequent] 高频的
        [mild] 极性较弱的
       *[polar] 极性强的
    }词元（计数中位数 { $count }，全词表为 { $vocabulary }；|Δ| 中位数 { $delta }）。
figure1-signed-ranking = p·E_s 按 Δ 的符号给词元排序（带符号分数 { $signed }），而不是按 |Δ|。
figure1-theory-u = 理论的 p_mm 给出的 U 分数为 { $u }。
figure1-try-joint = figure1 方案同时训练 E 和 p（联合训练），共 { $steps } 步。{ $reach ->
        [closed] 在它的词表下同样没有 p 能给出 U 形：任何 U 分数至少为 0.5 的 p，其带符号分数的绝对值至少为 { $least }。
       *[open] 它所排序的词的 Δ 并不排除 U 形；只有运行才能显示是否形成。
    }
figure1-in-force-stop = figure1 方案已生效：在第 { $step } 步附近停止的运行会保留它得到的最佳 U 形。

## Result 2: the flow on p selects s*, at max margin

result2-waits = E 上的一步之后，每条评论的被选词元 s* 是与其标签最一致的那个词元；p 上的梯度流应把注意力放到它上面，使 p 转向 p_mm。
result2-not-predicted = 结果 2 讲的是 E 在一步之后冻结、只在 p 上运行梯度流（论文协议）；联合训练中 E 也在变化，所以 p_mm 每一步都在变。
result2-solve = 求解注意力 SVM，以便比较 p 与 p_mm。
result2-shown = 注意力选中了 s*：在全部 { $reviews } 条训练评论上，cos(p, p_mm) 为 { $cos }，s* 的选中率为 { $selection }{ $all ->
        [yes] {""}
       *[no] （在含有词表词元的 { $scored } 条评论（{ $scored_share }）上为 { $scored_selection }，其余评论不选中任何词元）
    }，且 d = { $d } ≥ V = { $v }，与定理一致。
result2-off = 不是定理描述的图景：在全部 { $reviews } 条训练评论上，cos(p, p_mm) 为 { $cos }，s* 的选中率为 { $selection }（{ $all ->
        [yes] {""}
       *[no] 在含有词表词元的 { $scored } 条评论（{ $scored_share }）上为 { $scored_selection }，其余评论不选中任何词元；
    }定理：在 d ≥ V 时 cos ≥ 0.9 且选中率 ≥ 95%；这里 d = { $d }，V = { $v }）。
result2-off-cancelled = { result2-off }与 p_local（第 { $step } 步梯度流自身选择的注意力 SVM）的比较已被取消：不判断梯度流转而趋向什么。
result2-instead = { $hypothesis ->
        [cycles] 结果 2 的假设在这些评论上不成立（s* 的约束构成了环）。
       *[width] 结果 2 的假设在这里不成立（d < V）。
    }实际上，p 跟随的是梯度流自己选中的词元所对应的注意力 SVM，即 Tarzanagh 等人（2023）的局部最优方向：在全部 { $reviews } 条训练评论上 cos(p, p_local) 为 { $cos_local }，其中 { $s_star } 的评论里这一选择就是 s*。
result2-cycles = s* 的 { $constraints } 个约束中有 { $cycles } 个位于“必须胜过”关系图的环上：没有任何 p 能在每条评论中都选中 s*。
result2-component = “必须胜过”关系图的{ $sets ->
        [1] 唯一强连通集
       *[other] {" "}{ $sets } 个强连通集中最大的一个
    }有 { $size } 个词（{ $words }…），包含了 { $reviews } 条评论中 { $holds } 条的 s*（{ $share }）。
result2-narrow = d = { $d } < V = { $v }：p 无法区分每一个词元，而定理要求 d ≥ V。
result2-unscored = { $reviews } 条训练评论中有 { $empty } 条不含词表中的任何词元，因此其中没有任何词元被选中{ $drop_unknown ->
        [yes] ：请在设置中关闭“丢弃未知词”或调大最大词表。
       *[no] 。
    }
result2-stop-word = “{ $token }”（|Δ| { $delta }，出现在 { $documents } 的评论中）是其中 { $share } 评论的被选词元：一个不带标签信息的词。
result2-drop-stop-words = 最大文档占比小于 1 时，会去掉出现在过多评论中的词。
result2-no-trend = 运行的最后四分之一中没有更早的测量值可以说明{" "}{ $quantity ->
        [cos-local] cos(p, p_local)
       *[cos-mm] cos(p, p_mm)
    } 是否仍在变化：请让梯度流继续运行。
result2-acyclic-subset = 在约束不在任何环上的 { $acyclic } 条评论（共 { $reviews } 条，占 { $share }）上：cos(p, p_mm) 为 { $cos }，选中率为 { $selection }。
result2-local = 对梯度流选中的词元：cos(p, p_local) 为 { $cos_local }（p_local 对应第 { $step } 步的选择{ $current ->
        [no] ，此后选择已有变化
       *[yes] {""}
    }），并且在 { $s_star } 的评论中这一选择就是 s*。
result2-local-cancelled = 第 { $step } 步梯度流自身选择的注意力 SVM（p_local）已被取消：这里不判断 p 是否趋向它。重新打开链接或下一轮运行结束时会再次求解它。
result2-baseline-selection = 基线：关注 |v·E_s| 最大的词元（不看标签、不经训练）在 { $baseline } 的评论中选中 s*；p 上的梯度流为 { $flow }。
result2-baseline-pooled = 基线：平均池化分类器（p = 0，注意力均匀分布）的测试准确率为 { $pooled }；当前模型为 { $now }。
result2-baseline-no-test = 没有测试集，平均池化分类器（p = 0）就没有可比较的测试准确率。
result2-margin-approaches = 归一化间隔 { $margin } 在运行的后段持续上升，正趋近 1/‖p_mm‖ = { $reference }。
result2-margin = 归一化间隔为 { $margin }，对比 1/‖p_mm‖ = { $reference }。
result2-feasible = 结果 2 的假设在这些评论上成立：{ $constraints } 个约束都不在“必须胜过”关系图的环上，因此注意力 SVM 在全部评论上可行，且 E(0) 的行线性无关（d ≥ V）。
result2-soft-margin = 这里的 p_mm 是软间隔解（C = { $c }）。
result2-twins = 这些评论是为此专门生成的（scripts/make-twins.mjs）：每条正面评论都有一条负面“孪生”评论，把其中每个情感词换成反义词，因此一个情感词只出现在它自己类别的评论里。真实评论不满足这一点：打开内置的电影评论，就能看到结果 2 的假设如何失效，以及原因。

# 结果 2 的有限步检查（issue 37）：cos ≥ 0.9、选中率 ≥ 95% 只是极限的替代标准。
result2-elsewhere = 在 { $reviews } 条训练评论中，有 { $differ } 条里梯度流选中的词元不是 s*，并且 p 更接近这一选择的 att-SVM（cos(p, p_local) 为 { $cos_local }），而不是 p_mm（cos(p, p_mm) 为 { $cos }）：实测表明梯度流此刻正走向定理极限以外的方向。本步满足实验在有限步检查的标准（cos ≥ 0.9，s* 的选中率 { $selection } ≥ 95%），但该标准只是极限的替代。
result2-receding = 归一化间隔 { $margin } 为负，并且自第 { $from } 步以来下降了 { $fall }，说明在某条评论里 p 把另一个词元排在 s* 之上，并且正远离定理极限的间隔 1/‖p_mm‖ = { $reference }。本步满足实验在有限步检查的标准（在全部 { $reviews } 条训练评论上 cos(p, p_mm) 为 { $cos } ≥ 0.9，s* 的选中率 { $selection } ≥ 95%），但该标准只是极限的替代。
result2-limit-same = 定理讲的是梯度流的极限；本步已检查：梯度流自己的选择在每条评论中都是 s*，因此其选择的 att-SVM 就是 p_mm 本身。
result2-limit-open = 定理讲的是梯度流的极限；本步在 { $reviews } 条训练评论中有 { $differ } 条里梯度流选中的词元不是 s*，而这一选择的 att-SVM（p_local）尚未求解：梯度流是否走向 p_mm 尚未测得。
result2-limit-nearer-mm = 定理讲的是梯度流的极限；本步在 { $reviews } 条训练评论中有 { $differ } 条里梯度流选中的词元不是 s*，但 p 更接近 p_mm（cos(p, p_mm) 为 { $cos }），而不是这一选择的 att-SVM（cos(p, p_local) 为 { $cos_local }）。

## Training: loss and accuracy

loss-now = 训练损失 { $train }{ $has_test ->
        [yes] ，测试损失 { $test }。
       *[no] 。
    }
loss-waits = 先走 E 上的一步，然后才是 p 上的梯度流。
loss-joint = 联合训练：模型学习时两种损失都会下降；如果训练损失下降而测试损失上升，就是过拟合。
loss-flow = p 上的梯度流只训练 p，E 和 v 在 E 上的一步之后冻结。
loss-overfits = 模型对训练评论过拟合了：测试损失从第 { $step } 步的最低值 { $lowest } 回升，而训练损失从 { $train_then } 继续下降。
accuracy-fell = 测试准确率从 E 上的一步之后的 { $before } 降到了现在的 { $now }。
flow-on-subset = 梯度流只在 { $reviews } 条训练评论中的 { $flow } 条上训练 p（{ $share }）：仅限无环的评论。

## Which reviews Result 2's figures are over

coverage = { $all ->
        [yes] 基于全部 { $reviews } 条训练评论。
       *[no] 基于 { $reviews } 条训练评论中含有词表词元的 { $scored } 条（{ $scored_share }）；其余评论不选中任何词元，因此在全部 { $reviews } 条评论上 s* 的选中率为 { $selection }。
    }
coverage-acyclic = 无环：{ $reviews } 条中的 { $acyclic } 条（{ $share }）。
rate-measured = { $direction ->
       *[falls] 在这两条对数坐标轴上实测斜率为 { $slope }（第 { $from }–{ $to } 步，{ $points } 个点）：1 − cos(p, p_mm) 按 步数^{ $slope } 下降。这是测量值，不是理论给出的速率。
        [rises] 在这两条对数坐标轴上实测斜率为 { $slope }（第 { $from }–{ $to } 步，{ $points } 个点）：1 − cos(p, p_mm) 在上升，即 p 正在偏离 p_mm。
    }
rate-unmeasured = 当 1 − cos(p, p_mm) 有 { $points } 个记录点、且步数跨度达到 { $span } 倍时，才测量斜率。

## The prompt above the charts: what the run calls for next

prompt-step-e = 已用 p = 0 和较小的 E 初始化。按“E 步”在 E 上走那唯一的一步梯度（结果 1）。
prompt-joint = E 与 p 的联合训练：按“播放”。
prompt-play = 第 { $step } 步，共 { $steps } 步：按“播放”运行 p 上的梯度流；每张图的结论在图的下方。
prompt-done = 运行已到第 { $step } 步，即它的长度：每张图的结论在图的下方。

## Why does it look like this? (the numbers behind the verdicts)

why-width = d = { $d }，V = { $v }：定理要求 d ≥ V（E(0) 的行线性无关）。
why-constraints = { $constraints } 个约束，{ $cycles } 个在环上，{ $violated } 个被 p_mm 违反；{ $reviews } 条评论中 { $acyclic } 条（{ $share }）无环。
why-own-selection = 梯度流自己的选择（每条评论中 p·E_s 最高的词元）在 { $reviews } 条含词元的评论中有 { $s_star } 是 s*；最高词元唯一的占 { $strict }。
why-own-svm = 它的注意力 SVM（第 { $step } 步的选择，{ $constraints } 个约束，‖p_local‖ 为 { $norm }）：cos(p, p_local) 为 { $cos_local }。
why-selected = 被选词元 s*：共 { $distinct } 个不同词元；计数中位数 { $count }，|Δ| 中位数 { $delta }。
why-selected-token = “{ $token }”在 { $share } 的评论中是 s*（|Δ| { $delta }）。
why-u = p 的 U 分数 { $u }（带符号分数 { $signed }）。
why-u-max-margin = p_mm 的 U 分数 { $u }（带符号分数 { $signed }）。

## A review: why the model attends to another token than the theory's s*

review-spread = 这里 p 给所有词元的打分相同（a_t 相等，和 p = 0 时一样），所以注意力均匀分布，还没有哪个词元突出；理论的 s* 是“{ $star }”，即 y·b_t 最大的那个。
review-disagrees = p 给“{ $top }”的打分高于理论的 s*“{ $star }”（a_t 为 { $a_top }，对比 { $a_star }），尽管 s* 的 y·b_t 更大（{ $b_star } 对比 { $b_top }）：在这条评论中 p 没有把 s* 排在第一，可能是训练还没到，也可能是这份数据做不到（当它的约束位于环上时，任何 p 都做不到）。

## 课堂活动（core activity_words.h）：每个问题、学生的回答、运行揭晓的答案及决定它的数值、得分与下一步

activity-ask-slope = 在 E 上的那一步之后，v·E_s 对 α_s 的斜率会在 { $tolerance } 以内符合预测的 (η/2)‖v‖²，且 R² 至少为 { $r2 } 吗？
activity-ask-cosine = 在第 { $step } 步（运行结束时），cos(p, p_mm) 会至少为 { $threshold } 吗？
activity-ask-selection = 在第 { $step } 步（运行结束时），注意力会在至少 { $threshold } 的训练评论中选中理论的词元 s* 吗？
activity-ask-word = 在第 { $step } 步（运行结束时），注意力在训练评论 { $review } 中最看重哪个词？请点击它。
activity-ask-ushape = 在第 { $step } 步（运行结束时），图 1 会出现 U 形吗（U 分数高于 { $threshold }，带符号分数在 −{ $flat } 与 { $flat } 之间）？
activity-ask-accuracy = 在第 { $step } 步（运行结束时），p 上的梯度流会让测试准确率比 E 上那一步之后高出 { $points } 个百分点以上吗？
activity-response = 你的预测：{ $response ->
    [yes] 是
    [no] 否
    [unknown] 一个未知的词
   *[word] “{ $word }”
  }。
activity-reveal-slope = 拟合斜率为 { $slope }，预测值为 { $predicted }，R² 为 { $r2 }：{ $answer ->
    [yes] 是
   *[no] 否
  }。
activity-reveal-cosine = 第 { $step } 步时 cos(p, p_mm) 为 { $cos }：{ $answer ->
    [yes] 是
   *[no] 否
  }。
activity-reveal-selection = 第 { $step } 步时注意力在 { $selection } 的训练评论中选中 s*：{ $answer ->
    [yes] 是
   *[no] 否
  }。
activity-reveal-word = 第 { $step } 步时注意力最看重{ $answer ->
    [unknown] 一个未知的词
   *[word] “{ $word }”
  }，占该评论注意力的 { $weight }。
activity-reveal-ushape = 第 { $step } 步时 U 分数 { $u }，带符号分数 { $signed }：{ $answer ->
    [yes] 是
   *[no] 否
  }。
activity-reveal-accuracy = 第 { $step } 步时测试准确率为 { $accuracy }，E 上那一步之后为 { $before }：{ $answer ->
    [yes] 是
   *[no] 否
  }。
activity-result = { $result ->
    [correct] 你的预测正确。
   *[wrong] 你的预测错误。
  }
activity-void-joint = 不提问：本次运行联合训练 E 和 p，而这个问题针对论文协议。
activity-void-no-p-mm = 不计分：本次运行没有求出 p_mm，余弦无从比较。
activity-void-no-test = 不计分：这份数据没有留出的测试评论。
activity-void-no-u-tokens = 不计分：没有词出现 { $count } 次或以上，因此不测量 U 分数。
activity-void-no-attention = 不计分：模型看不到这条评论中的任何词。
activity-void-before-commit = 不计分：提交预测时运行已经给出了答案。
activity-pending-step-on-e = 在 E 上的那一步之后揭晓。
activity-pending = 在第 { $step } 步揭晓。
activity-status-committed = 预测已提交。请点“播放”：运行到达时会揭晓每个答案。
activity-score = 得分：{ $scored } 个预测中 { $correct } 个正确。
activity-score-none = 本次运行没有可计分的问题。
activity-prompt-predict = 请先回答上方课堂活动的 { $questions } 个问题并提交预测：之后才开始训练。
activity-prompt-reveal = 请点“播放”：{ $left } 个答案将{ $moment ->
    [step-on-e] 在 E 上的那一步之后
   *[end] 在第 { $step } 步（运行结束时）
  }揭晓。
activity-prompt-done = 所有答案都已揭晓：在运行到第 { $step } 步时，{ $scored } 个预测中 { $correct } 个正确。
activity-prompt-done-none = 所有问题都已判定，本次运行中没有可计分的问题。
activity-refused-committed = 预测已经提交过了。
activity-refused-missing = 请先回答所有问题再提交。
activity-refused-responses = 预测没有作为对问题的回答到达实验室。
activity-refused-choice = “{ $response }”不是该问题的选项之一。
activity-note-unknown-question = activity：未知问题“{ $subject }”，已略去。
activity-note-repeated-question = activity：问题“{ $subject }”只问一次。
activity-note-bad-review = activity：“{ $subject }”不是评论编号；由实验室选择评论。
activity-note-empty = activity：“{ $subject }”没有指定任何问题；将提出所有问题。
activity-note-review-out-of-range = activity：没有第 { $subject } 条训练评论；由实验室选择评论。
activity-note-review-choices = activity：所选评论有 { $choices } 个不同的词（{ $min } 到 { $max } 个才能出题）；由实验室选择评论。
activity-note-no-review = activity：没有训练评论含 { $min } 到 { $max } 个不同的词；略去词语题。
activity-note-state-unreadable = activity：保存的答案不是本实验室写入的；活动重新开始。

## 课堂活动的标签和按钮，以及课程平台的状态行

activity-title = 先预测，再揭晓
activity-intro = 提交你的预测，然后点“播放”：运行会测量每个答案，并告诉你是否猜对。
activity-commit = 提交我的预测
activity-incomplete = 请先回答所有问题（还剩 { $missing } 个）。
activity-held = 训练前请先提交上方的预测。
activity-locked = 课堂活动的预测已提交：本次运行的设置和数据保持活动设定的样子，因此每个答案都在你预测的那次运行上判定。
activity-yes = 是
activity-no = 否
activity-label-slope = 结果 1：斜率符合 (η/2)‖v‖²
activity-label-cosine = 结果 2：cos(p, p_mm) 达到 0.9
activity-label-selection = 结果 2：选中率达到 95%
activity-label-word = 注意力选中评论中的哪个词
activity-label-ushape = 图 1：出现 U 形
activity-label-accuracy = p 上的梯度流提高测试准确率
lms-recording = 课程正在记录你的进度（SCORM { $version }）。
lms-resumed = 课程正在记录你的进度；已从第 { $step } 步继续。
lms-missing = 进度没有被记录：本页面作为课程活动打开，但找不到课程的 SCORM 连接。你在这里的学习不会保存到课程中。
lms-failed = 进度没有被记录：课程拒绝了 { $call }。你最近的学习可能没有保存到课程中。
lms-failed-detail = 进度没有被记录：课程拒绝了 { $call }（{ $detail }）。你最近的学习可能没有保存到课程中。
lms-too-long = 运行状态有 { $length } 个字符，超过 SCORM 1.2 能保存的 { $limit } 个：你的答案已记录，但重新打开时不会从这一步继续。
lms-course-only = 这个链接只在本课程内打开实验室：生成包时没有提供公开副本的地址。

## 方案：每个方案在应用之前先说明它将做什么，以及其中各个数字的由来（recipes.cpp）

recipe-title = { $name ->
        [result1] 结果 1：用较小的 σ 在 E 上走一步
        [figure1] 图 1：用 Adam 联合训练
       *[result2] 结果 2：d = V，定理所在的区间
    }
recipe-cost = 开销：{ $steps } 步，d = { $d }，E 共有 { $weights } 个权重（V × d，V = { $v }）；{ $subset ->
        [yes] E 上的一步遍历全部 { $all } 个训练词元，p 上梯度流的每一步遍历它所训练的评论中的 { $tokens } 个词元。
       *[no] { $steps ->
            [1] 这一步
           *[other] 每一步都
        }遍历全部 { $all } 个训练词元。
    }
recipe-result1-plan = 在出现至少 { $min_count } 次的词上（V = { $v }），以 d = { $d }、σ = { $sigma } 走 E 上的那一步（论文协议，η = { $eta }）：初始噪声 σ/√d = { $noise } 至多是这些评论上这一步的离散程度 (η/2)·std(α) = { $spread } 的 1%，因此各点应落在预测的直线上。
recipe-result1-flat = 在这些评论中每个词的 α 都相同，所以 E 上的一步让所有 v·E_s 移动同样的量，无法拟合出直线；σ = { $sigma }。
recipe-figure1-plan = 用 Adam 同时训练 E 和 p（学习率 { $rate }，d = { $d }，σ = { $sigma }，v 固定），共 { $steps } 步，即 Adam 把一个 v·E_s 值移动 1 所需时间的两倍，训练对象是出现至少 { $min_count } 次的 { $words } 个词。
recipe-figure1-cut = 若取出现至少 20 次的词，{ $at_twenty } 个词给出的取值会多于 { $reviews } 条评论（平均 { $mean } 个词元）的一半：足以逐词拟合大多数标注，U 形会很早消退。
recipe-figure1-ranked = 这些是 U 分数所排序的词：连同 <unk> 共 { $values } 个取值，{ $reviews } 条评论中每两条至多一个，因此仅凭这些取值只能拟合很少的标注。
recipe-figure1-closed = 这些评论中 { $share } 是{ $class ->
        [negative] 负面
       *[positive] 正面
    }的：被排序的词的 Δ 中位数为 { $median }，且 |Δ| 对它们的排序几乎与 Δ 相同（Spearman { $rho }），因此任何 U 分数至少为 0.5 的 p，其带符号分数的绝对值至少为 { $least }：在这份数据上没有 p 能给出 U 形（U 分数 0.5 且带符号分数在 ±0.3 以内）。
recipe-result2-plan = 在 { $reviews } 条训练评论中的 { $acyclic } 条上训练 p（{ $share }）：这些评论的约束不在“必须胜过”关系图的任何环上，p_mm 在其上存在，这是由 α 预测的（s* = argmax y·α_s，即小 σ 极限）；d = V = { $v }，η = { $eta }，归一化梯度流 { $steps } 步。
recipe-result2-plan-all = 在全部 { $reviews } 条训练评论上训练 p：由 α 预测（s* = argmax y·α_s，即小 σ 极限），没有约束位于“必须胜过”关系图的环上，因此 p_mm 在全部评论上存在；d = V = { $v }，η = { $eta }，归一化梯度流 { $steps } 步。
recipe-result2-vocabulary = d = V = { $v }（最小计数 { $min_count }，V 至多为 { $cap }，使梯度流的一步仍然负担得起）是定理所在的区间；{ $cut ->
        [yes] 出现在超过 { $doc_share } 的评论中的词被去掉。
       *[no] 保留所有词。
    }
recipe-result2-selected = 预测的 s*：“{ $token }”，占 { $share } 的评论（{ $measure ->
        [lean] 倾向 { $value }
       *[delta] |Δ| { $value }
    }）。
recipe-result2-polar = 在 { $polar } 的评论中，s* 偏向某一类别（{ $measure ->
        [lean] Δ 与一个按全部词元的分布出现的词元的 { $neutral } 至少相差 0.3，因为这个语料的词元有 { $positive } 出现在正面评论中
       *[delta] |Δ| ≥ 0.3
    }）。
recipe-result2-kinds = 在 { $punctuation } 的评论中 s* 是标点，在 { $unknown } 的评论中是 <unk>（词表之外的词）。
recipe-result2-nothing-selected = 在这些设置下没有评论保留任何词元，因此没有词元被选中。
recipe-result2-eta = η = { $eta } 使 E 上的一步达到 E(0) 沿 v 方向噪声的 6 倍：(η/2)·std(α) = { $step }，对比 σ/√d = { $noise }。

## What a file reads as (core's data findings: the dataset preview and the dataset card)

data-encoding = { $encoding ->
        [utf-16-le] UTF-16 LE（已转换为 UTF-8）
        [utf-16-be] UTF-16 BE（已转换为 UTF-8）
        [windows-1252] Windows-1252（已转换为 UTF-8）
       *[utf-8] UTF-8
    }{ $ends ->
        [cr] ，行以 CR 结尾（经典 Mac OS）
       *[lf] {""}
    }
data-labels = { $scheme ->
        [zero-one] 0 = 负面，1 = 正面
        [minus-one-one] -1 = 负面，1 = 正面
        [one-two] 1 = 负面，2 = 正面
        [minus-one-zero-one] -1 = 负面，0 = 中性（丢弃），1 = 正面
        [zero-one-two] 0 = 负面，1 = 中性（丢弃），2 = 正面
        [stars] 星级评分（{ $scale } 分制）：> { $threshold } 为正面，< { $threshold } 为负面，= { $threshold } 丢弃
        [words] pos = 正面，neg = 负面
        [paired-files] 正面文件 = 正面，负面文件 = 负面
       *[folders] 文件夹 pos = 正面，neg = 负面
    }{ $words ->
        [yes] ；pos/neg
       *[no] {""}
    }
data-dropped = { $rows } 行：{ $reason ->
        [missing-label] 缺少标签
        [empty-text] 文本为空
        [neutral-label] 中性标签
       *[no-tokens] 分词后没有词元
    }
data-one-class = 只有一个类别：全部 { $rows } 行都是{ $label ->
        [positive] 正面
       *[negative] 负面
    }；分类器需要两类，因此加载会被拒绝

# ---------------------------------------------------------------------------------------
# 页面自身的文字（index.html 与页面各视图）。

## 页面

page-title = clslab：带训练嵌入的注意力会选出重要词元
boot-fallback = 实验室没有启动。它需要 JavaScript；在框架（iframe）中，框架的 sandbox 属性必须同时允许 allow-scripts 和 allow-same-origin（实验室从自己的源加载模块和训练 worker）。请在单独的标签页中打开，或请课程页面同时允许这两项。
skip-to-results = 跳到结果
header-subtitle = 一个带训练词元嵌入的单层 softmax 注意力模型在你的浏览器里学习：一条评论中哪些词要紧。它检验以下论文的两个结果：
share-label = 分享这次运行（设置与步数）
share-copy = 复制链接
share-copy-title = 复制分享链接
tour-start = 导览
embed-open = 嵌入…
language-label = 语言
banner-close = 关闭消息
sidebar-label = 数据集、保存与加载、设置
loading = 加载中…
close = 关闭
docs-in-english = 本文档为英文。
docs-theory = 理论
docs-results = 真实评论上的结果

## 训练控制

controls-label = 训练控制
play = 播放
step = 单步
step-label = 训练一步
reset = 重置
reset-label = 按随机种子重置权重
step-e = E 步
step-e-title = 论文协议：E 上的那一步梯度
step-p-title = 论文协议：p 上梯度流的若干步
speed-label = 速度
progress-label = 训练进度
open-full = 打开完整实验室 ↗

## 图表卡片

recipes-toggle = 在这份数据上显示论文的结果
recipes-intro = 由已加载评论（其词表、长度与词频）算出的设置；应用其中一个即是更改设置，因此会写入分享链接。
result1-heading = 结果 1：E 上的一步把 α 写入嵌入
chart-alignment-label = v·E_s 对 α_s，每个词元一个点
figure1-heading = 图 1：注意力分数的 U 形
chart-u-shape-label = p·E_s 对 Δ_s，每个词元一个点
u-theory-toggle = 画出理论预测 p_mm · E_s（右轴，求出 p_mm 之后）
u-shape-point-size = 点的大小：计数。
result2-heading = 结果 2：p 转向最大间隔方向
chart-selection-label = 与 p_mm 的余弦和选中率，横轴为对数步数
chart-norm-label = p 的范数和归一化间隔，横轴为对数步数
chart-rate-label = 1 减去与 p_mm 的余弦，对步数作图，两轴均为对数刻度
loss-heading = 训练：损失与准确率
chart-loss-label = 损失与准确率随训练步数的变化
verdict-details = 理由与数值

## 指标、“为什么是这样？”、注意力 SVM

metrics-heading = 指标
why-heading = 为什么是这样？
why-intro = 本次运行的测量值说明了什么：模型大小与词表的对比，注意力 SVM 的约束和环，以及理论在每条评论中选出的词元（s* = 与标签最一致的词元，argmax y v·E_s）。
why-selection-heading = 理论选出了哪些词元？
why-selection-caption = 被选最多的词元：各自胜出的评论占比、计数与 Δ_s
why-column-token = 词元
why-column-wins = 胜出的评论
why-column-count = 计数
why-column-delta = Δ_s
max-margin-heading = 注意力 SVM：最大间隔方向 p_mm
max-margin-intro = p_mm 是能让每条评论的被选词元比其余词元至少高出 1 分的最小 p。当约束成环（一条评论中 a 胜过 b，另一条中 b 胜过 a）时，这样的 p 不存在，于是改解软间隔问题。
solve-max-margin = 求解 p_mm
max-margin-cycles-heading = 找到的环

## 评论

review-heading = 一条评论上的注意力
review-split = 划分
split-test = 测试
split-train = 训练
review-previous = 上一条评论
review-next = 下一条评论
review-number = 评论编号
review-flow-title = 从词元到预测
review-original = 原文：
review-text-label = 输入一条评论，看看 <cls> 词元关注哪里
review-text-placeholder = 一部精彩感人的电影，结尾却很乏味
review-score = 分数
review-shading = 底色：注意力权重 s_t 相对于该评论中的最大值；加框的词是理论选出的词元（与标签最一致的 v·E_s）。
review-list-heading = 评论
review-search = 搜索
review-search-placeholder = 评论中的词
review-filter-label = 标签
review-filter-prediction = 预测
review-filter-selection = 最高注意力
filter-all = 全部
label-positive = 正面
label-negative = 负面
filter-correct = 正确
filter-wrong = 错误
filter-selected = 在被选词元上
filter-missed = 在其他词元上
review-filter-token-clear = 显示全部评论
review-list-previous = ◀ 上一页
review-list-next = 下一页 ▶

## 词元与符号

token-table-heading = 词元
token-search = 搜索词元
token-csv = 词元表（CSV）
token-table-caption = 每个词元的统计：计数、α_s、Δ_s，以及当前的 v·E_s 和 p·E_s
glossary-heading = 符号

## 侧栏：数据集、保存与加载、设置

dataset-heading = 数据集
dataset-file = 加载你自己的文件（TSV、CSV 或每行一条含文本和标签的 JSON，或一对 rt-polarity *.pos 与 *.neg 文件）
export-heading = 保存与加载
export-all = 全部下载（zip）
export-all-intro = 压缩包包含每张图表的 PNG（浅色、2 倍、带说明）、每张图表的数据、指标历史和词元表（CSV），以及运行文件。
export-run = 运行（JSON）
export-metrics = 指标历史（CSV）
run-file = 加载运行文件（上面的 JSON，来自本页面或 CLI）
settings-heading = 设置
settings-intro = 把指针停在标签上可看其含义。数据类设置会重新加载数据集；其他设置会重置权重。

## 导览按钮

tour-back = 上一步
tour-next = 下一步
tour-skip = 跳过导览

## 嵌入对话框

embed-heading = 嵌入这个实验室
embed-intro = 把代码片段粘贴到课程页面或幻灯片中。框架会打开这次运行（其设置，并重放到下方的步数）；勾选的面板显示在一个紧凑的控制条上方。
embed-panels = 框架中的面板
embed-options = 框架如何打开
embed-controls = 控制条（播放、单步、重置、速度）
embed-autoplay = 打开即播放（autoplay）
embed-tour = 开始导览
embed-step = 从第几步开始（重放，与分享链接相同）
embed-speed = 播放速度
embed-language = 框架的语言
embed-height = 框架高度（px；不填时适配勾选的面板）
embed-activity-heading = 课堂活动：先预测，再揭晓
embed-activity = 学生在播放前提交预测；运行会揭晓并为每个预测评分
embed-review = 词语题展示的评论（训练集评论编号；留空则由实验室选择）
embed-scorm = 用于课程平台（Moodle、Canvas、Blackboard）：生成以这次运行作为活动的 SCORM 1.2 和 2004 包：
embed-scorm-command = SCORM 构建命令
embed-snippet = iframe 代码片段
embed-copy = 复制代码片段
embed-preview = 在新标签页中预览 ↗

## 训练控制：按钮与状态行的文字（web/src/ui/controls.ts）

play-aria = 播放：训练到步数预算为止
play-aria-after-solve = 播放：求出 p_mm 后训练到步数预算为止
pause = 暂停
pause-aria = 暂停训练
cancel = 取消
cancel-aria = 取消：{ $task }
task-running = { $task }…
step-p = p 步 ×{ $steps }
speed-rate = 每秒 { $rate } 步
speed-fastest = 尽可能快
progress-loading-model = 正在加载模型…
progress-restarting = 正在重启训练 worker…
progress-play-after = { $task }；完成后开始播放…
progress-starting = 正在开始播放…
progress-waiting-link = 正在等待链接的数据。
progress-loading-dataset = 正在加载数据集…
progress-no-dataset = 未加载数据集：请在设置中选择一个，或加载文件。
progress-training = 训练中：第 { $step } 步，共 { $target } 步
progress-training-rate = 训练中：第 { $step } 步，共 { $target } 步 · 最近 { $window } 秒每秒 { $rate } 步
progress-budget-space = 已达到步数预算：{ $step } 步；空格键没有开始新的运行。再按一次空格键或点“播放”可再运行 { $more } 步。
progress-budget = 已达到步数预算：{ $step } 步。“播放”会再运行 { $more } 步。
progress-paused = 已在第 { $step } 步暂停。
progress-refused = 在第 { $step } 步停止：{ $reason }
progress-step = 第 { $step } 步，共 { $target } 步。
progress-megabytes = ：{ NUMBER($done, minimumFractionDigits: 1, maximumFractionDigits: 1) } / { NUMBER($total, minimumFractionDigits: 1, maximumFractionDigits: 1) } MB

## Reviews and the Embed dialog: words the views build

review-filter-token = 含有“{ $token }”的评论
embed-language-browser = 读者浏览器的语言

# ---------------------------------------------------------------------------------------
# 各视图自己的文字（issue 42，原先写在 TypeScript 里）：符号表、图表（标题、导语、坐标轴、
# 图例、提示、读数、工具）、面板名称、导览和图注。单独成节，便于其他对目录的修改变基时
# 互不干扰。

## Views: the glossary (web/src/ui/glossary.ts); symbols of the notation stay as written

glossary-what-is = { $symbol } 是什么？
glossary-tip = { $symbol }：{ $text }
glossary-term-margin = 间隔
glossary-term-uscore = U 分数
glossary-term-ucontrast = U 对比度
glossary-term-selection = 选中率
glossary-p = <cls> 的嵌入（d 个数），唯一的查询。位置 t 的注意力分数为 a_t = p·E_{"{"}x_t{"}"}。论文协议从 p = 0 开始，即均匀注意力。
glossary-v = 输出向量（d 个数），理论中是一个固定的单位向量。位置 t 携带的值为 b_t = v·E_{"{"}x_t{"}"}；logit 为 f(X) = Σ_t s_t b_t。
glossary-e = 词元 s 的嵌入：V × d 表 E 的第 s 行。初始时各元素从 N(0, σ²/d) 中抽取。
glossary-s = 位置 t 的 softmax 注意力权重：s = softmax(a_1 … a_T)，取评论中的真实词元。即评论各词的底色深浅。
glossary-alpha = 平均带符号频率：α_s = (1/n) Σ_i y_i n_s(X_i)/T_i。s 偏正面时为正；s 越常见，其绝对值越大。结果 1：E 上的一步使 v·E_s 移动 (η/2)‖v‖² α_s。
glossary-delta = 后验差 Δ_s = P(y = +1 | s) − P(y = −1 | s)，按 s 的出现次数统计：无论频率高低，s 对标签的指示有多强。图 1 的横轴。
glossary-selected = 评论 i 的被选集合：其中与标签最一致的词元，即在 X_i 中对 s 取 y_i v·E_s 的 argmax（相对差 1e-9 以内算并列）。在评论中以方框标出。结果 2：注意力最终落在 S_i 上。
glossary-pmm = 注意力 SVM 的解：对每条评论、其被选词元 s* 及其中任一其他词元 s，满足 p·(E_{"{"}s*{"}"} − E_s) ≥ 1 的最小 p。p 上的梯度流转向 p_mm 的方向。
glossary-margin = 归一化间隔 min_k p·z_k / ‖p‖，其中 z_k = E_{"{"}s*{"}"} − E_s 取遍所有约束。随着 p 转向 p_mm，它趋近 1/‖p_mm‖。为负时，说明某条评论更关注一个未被选中的词元。
glossary-sigma = 初始尺度：E(0) 的元素服从 N(0, σ²/d)。结果 1 需要较小的 σ；σ 接近 1 时，初始化噪声会掩盖 α 信号（R² 下降）。
glossary-eta = 论文协议在 E 上那唯一一步梯度的步长。v·E_s 对 α_s 的预测斜率为 (η/2)‖v‖²。
glossary-uscore = 在至少出现 20 次的词元上，p·E_s 与 |Δ_s| 的 Spearman 相关系数。该值高且带符号 Spearman 接近 0 即为 U 形：正负两个方向的极性词元得分都高。
glossary-ucontrast = 极性最强的 10% 词元（|Δ_s| 最大）的 p·E_s 均值，减去极性最弱的 50% 词元的均值，再除以这些词元上 p·E_s 的标准差。
glossary-selection = 注意力最高的词元落在被选集合 S_i 中的评论所占比例。结果 2 预测：在注意力 SVM 可行时，它会升向 1。

## Views: the charts' titles and plain leads (web/src/ui/panels.ts: no notation in a lead)

chart-title-loss = 训练：损失与准确率
chart-title-alignment = 结果 1：E 上一步之后的 v·E_s 对 α_s
chart-title-u-shape = 图 1：p·E_s 对 Δ_s（U 形）
chart-title-selection = 结果 2：cos(p, p_mm)、选中率与注意力质量
chart-title-norm = 结果 2：‖p‖ 与归一化间隔
chart-title-rate = 结果 2：1 − cos(p, p_mm)，收敛的速率
chart-lead-loss = 损失（模型平均错得有多厉害）随训练下降；准确率是模型判对标签的评论所占比例，分别在它学习的评论和留出的评论上计算。
chart-lead-alignment = 每个点是一个词：纵轴是它在一步训练后的得分，横轴是它在正面评论中比在负面评论中多出现的程度；理论预测这些点排成一条直线。
chart-lead-u-shape = 每个点是一个词：纵轴是它的注意力得分，横轴是它偏向某一标签的程度（中性词在中间）；理论预测训练会把两侧强烈偏向的词抬得比中性词高，形成 U 形。
chart-lead-selection = 随着训练进行（横轴为步数，对数刻度），这些曲线显示注意力与理论预测的方向有多接近，以及在多少评论中它选中了理论指出的那个词。
chart-lead-norm = 注意力向量的长度（理论预测它会无限增长），以及它在被选中的词与其余词之间按单位长度计的间隔（理论预测在其假设成立时，它趋于最大间隔的值）。
chart-lead-rate = 注意力向量的方向离理论预测的方向还有多远，两轴都取对数刻度：一条下降的直线表示它以步数的固定幂次不断接近；标题下方写出的斜率是在本次运行中测得的。

## Views: the charts' axes, legends, tooltips and tables (web/src/charts/)

chart-axis-step-log = 步（对数刻度）
chart-axis-step = 步（梯度步数）
chart-axis-loss = 逻辑损失（每条评论的奈特）
chart-axis-accuracy = 准确率（评论所占比例）
chart-axis-norm = ‖p‖（对数刻度）
chart-axis-rate = 1 − cos(p, p_mm)（对数刻度）
chart-axis-margin = 归一化间隔（分数单位）
chart-axis-cosine-share = 余弦 / 评论所占比例（0 到 1）
chart-axis-alpha = 平均带符号频率 α_s（词元占比，带符号）
chart-axis-value = v · E_s（值分数）
chart-axis-delta = 后验差 Δ_s = P(+|s) − P(−|s)
chart-axis-attention = p · E_s（注意力分数，logit 单位）
chart-axis-theory = 理论：p_mm · E_s（右轴）
chart-series-train-loss = 训练损失
chart-series-test-loss = 测试损失
chart-series-train-accuracy = 训练准确率
chart-series-test-accuracy = 测试准确率
chart-series-p-norm = ‖p‖
chart-series-rate = 1 − cos(p, p_mm)，全部评论
chart-series-margin = 归一化间隔
chart-series-margin-reference = 1/‖p_mm‖（参考值）
chart-series-local-margin = 归一化间隔，梯度流自己的选择
chart-series-local-reference = 1/‖p_local‖（其参考值）
chart-series-cosine = cos(p, p_mm)，全部评论
chart-series-selection = s* 的选中率，全部评论
chart-series-mass = s* 上的注意力质量，全部评论
chart-series-local-cosine = cos(p, p_local)：梯度流自己的选择，全部评论
chart-series-local-selection = 梯度流选中的是 s*，全部评论
chart-series-cosine-acyclic = cos(p, p_mm)，仅无环评论
chart-series-selection-acyclic = s* 的选中率，仅无环评论
chart-series-tokens = 词元
chart-series-fit = 最小二乘拟合
chart-series-predicted = 预测 (η/2)‖v‖² α
chart-series-leans-positive = Δ > 0（偏正面）
chart-series-leans-negative = Δ < 0（偏负面）
chart-series-neutral = Δ = 0
chart-series-theory = 理论：p_mm · E_s
chart-series-theory-of = 理论：p_mm · E_s（{ $which }）
chart-theory-hard = 硬间隔
chart-theory-soft = 软间隔
chart-theory-acyclic = { $reviews } 条无环评论
chart-series-chosen = 所选词元
chart-tip-token = “{ $token }”：{ $values }
chart-tip-u-shape = Δ = { $delta }，p·E = { $score }，出现 { $count } 次
chart-column-step = 步
chart-column-token = 词元
chart-column-count = 次数
chart-table-thinned = 步数按几何间隔抽稀，与图中一致。
chart-table-most-frequent = { $tokens } 个词元中最常见的 { $shown } 个；CSV 中包含全部。
chart-table-caption = { $title }。{ $note }
chart-tools-table = 表格
chart-tools-hide-table = 隐藏表格
chart-tools-png = PNG
chart-tools-csv = CSV
chart-tools-region = { $title }：数据表
chart-tools-table-aria = 以表格显示“{ $title }”的数据
chart-tools-png-aria = 将“{ $title }”下载为 PNG 图片
chart-tools-csv-aria = 将“{ $title }”的数据下载为 CSV
chart-tools-no-data = 暂无数据。

## Views: the read-outs under the charts (numbers written by the page's formatter)

readout-alignment = 斜率 { $slope } · 预测 (η/2)‖v‖² { $predicted } · R² { $r2 }
readout-u-shape = U 分数 { $uscore } · 带符号 Spearman { $signed } · U 对比度 { $contrast } · { $tokens } 个词元
readout-u-theory = 理论 p_mm：U 分数 { $uscore }，带符号 { $signed }
readout-u-theory-acyclic = 理论 p_mm：U 分数 { $uscore }，带符号 { $signed }（无环评论：{ $uscoreAcyclic }，{ $signedAcyclic }）
readout-result2-unsolved = cos(p, p_mm) 暂无：p_mm 在 E 上一步之后立即求解
readout-result2 = cos(p, p_mm) { $cosine } · 选中率 { $selection } · 间隔 { $margin } / 1/‖p_mm‖ { $reference }
readout-result2-local = 梯度流自己的选择：cos(p, p_local) { $cosine }，{ $share } 为 s*
readout-result2-local-old = 梯度流自己的选择：cos(p, p_local) { $cosine }（第 { $step } 步的 p_local），{ $share } 为 s*
readout-result2-acyclic = 仅无环评论：cos { $cosine }，选中率 { $selection }
readout-result2-coverage = （{ $coverage }）

## Views: a figure's caption and the run's facts (web/src/ui/run-facts.ts)

caption-no-dataset = 无数据集
caption-dataset = { $name }（训练 { $train } 条，测试 { $test } 条评论）
caption-not-started = 尚未开始
caption-step = 第 { $step } 步 · 校验和 { $checksum }
caption-model = d { $width }，σ { $sigma }，种子 { $seed }
caption-recipe-paper = 论文协议：η { $eta }，梯度流 { $flow } r { $rate }；{ $model }
caption-recipe-joint = 联合训练：{ $optimizer }，学习率 { $rate }，{ $batch }；{ $model }
caption-recipe-joint-v = 联合训练：{ $optimizer }，学习率 { $rate }，{ $batch }，训练 v；{ $model }
caption-full-batch = 全批量
caption-batch = 批量 { $size }
caption-line = { $dataset } · { $recipe } · { $state }

## Views: the panels' names (the Embed dialog's ticks, web/src/ui/panels.ts)

panel-header = 标题与分享栏
panel-controls = 训练控件
panel-export = 保存与加载
panel-dataset = 数据集
panel-settings = 设置
panel-prompt = 提示行
panel-recipes = 适用于此数据的方案
panel-alignment = 结果 1 图表
panel-ushape = 图 1（U 形）图表
panel-result2 = 结果 2 图表
panel-loss = 损失与准确率图表
panel-metrics = 指标
panel-why = 为什么是这样？
panel-maxmargin = 注意力 SVM 面板
panel-reviews = 评论（查看器与列表）
panel-table = 词元表
panel-glossary = 符号

## Views: the guided tour (web/src/ui/tour.ts)

tour-title-alignment = 结果 1：嵌入上的一步把词频写进嵌入
tour-title-ushape = 图 1：训练注意力会画出 U 形吗？
tour-title-result2 = 结果 2：注意力会选中理论所选的词吗？
tour-title-metrics = 本导览跟随的这次运行
tour-first-title = 我在看什么？
tour-first-lead = { $title }。{ $lead }
tour-counter = 第 { $step } 步，共 { $steps } 步
tour-finish = 完成
tour-act-restart = 从第 0 步开始
tour-act-step-e = 走 E 上的一步
tour-act-solve = 求解 p_mm
tour-kind-expect = 要看什么
tour-kind-shown = 当前屏幕上
tour-kind-off = 尚未出现，以及原因
tour-kind-instead = 梯度流实际在做什么
tour-kind-n-a = 不适用于本次运行
tour-kind-fact = 实测
tour-this-run = 本次运行
tour-reading = 正在读取运行…
tour-run-kept = { $facts }。导览会保留这次运行：只有当你按下导览自己的按钮时，它才会替你按下页面上的按钮。
tour-run-restart = { $facts }。导览会保留这次运行：只有当你按下导览自己的按钮时，它才会替你按下页面上的按钮。“从第 0 步开始”会按下“重置”（重新打开链接即可回到第 { $step } 步）。

## Views: the metrics panel (web/src/ui/metrics-panel.ts)

metric-step = 步
metric-phase = 阶段
metric-train-loss = 训练损失
metric-test-loss = 测试损失
metric-train-accuracy = 训练准确率
metric-test-accuracy = 测试准确率：当前 / E 上一步之后
metric-test-accuracy-hint = p 上的梯度流可能使它下降：结果 2 讲的是注意力，而不是分类器
metric-p-norm = ‖p‖
metric-slope = 斜率 / 预测值
metric-slope-hint = 结果 1：v·E_s 对 α_s 的拟合斜率，与 (η/2)‖v‖² 对比
metric-r2 = 拟合的 R²
metric-r2-hint = 结果 1：v·E_s 中由 α_s 解释的比例
metric-cosine = cos(p, p_mm)：全部 / 无环评论
metric-cosine-hint = 结果 2：p 的方向与注意力 SVM 解的对比，分别在全部评论上和约束不在环上的评论上计算
metric-margin = 间隔 / 1/‖p_mm‖
metric-margin-hint = 结果 2：min_k p·z_k/‖p‖ 与其最大间隔值的对比
metric-selection = 选中率：全部 / 无环
metric-selection-hint = 注意力最高的词元是被选词元（与标签最一致）的评论所占比例，分别在全部评论和无环评论上计算
metric-baseline = 基线选中率（|v·E_s| 最大）
metric-baseline-hint = |v·E_s| 最大的词元是被选词元的评论所占比例：与选中率对照的、不看标签的规则
metric-local = cos(p, p_local) / 梯度流选中的是 s*
metric-local-hint = 结果 2（全部评论）：p 的方向与梯度流所选词元的注意力 SVM 的对比，以及该词元恰为 s* 的评论所占比例
metric-u-score = U 分数 / 带符号
metric-u-score-hint = 图 1：p·E_s 与 |Δ_s| 以及与带符号 Δ_s 的 Spearman 相关（出现次数 ≥ 20）
metric-u-contrast = U 对比度
metric-u-contrast-hint = 极性最强的 10% 词元的 p·E_s 均值减去极性最弱的 50% 的均值，再除以它们的标准差
metric-checksum = 校验和
metric-checksum-hint = E、p、v 的哈希：相同的运行得到相同的校验和
phase-initialized = 已初始化
phase-embeddings-stepped = 已走完 E 上的一步
phase-flow = p 上的梯度流
phase-joint = 联合训练
why-selection-not-yet = 还没有：被选词元来自 E 改变之后的 v·E_s（E 上的一步，或一次联合训练步）。
why-selection-summary = { $reviews } 条训练评论中，共有 { $distinct } 个不同的词元是某条评论的 s*；次数中位数 { $count }，|Δ_s| 中位数 { $delta }。
token-empty = （空）

## Views: the attention-SVM panel (web/src/ui/max-margin-panel.ts)

svm-row-problem = 所解问题
svm-row-acyclic = 约束无环
svm-row-acyclic-hint = 当 d ≥ V 时，无环的约束使硬间隔可行
svm-row-constraints = 约束：不同 / 实例 / 评论
svm-row-constraints-hint = 不同的（被选，其他）词元对；按评论计数的词元对；给出约束的评论数
svm-row-in-cycles = 在环上：约束 / 评论
svm-row-violated = 被违反的约束
svm-row-norm = ‖p_mm‖
svm-row-min-margin = 最小间隔
svm-row-solver = 求解器（轮数，对偶间隙）
svm-cancel-solve = 取消求解
svm-status-unsolved = 尚未针对当前权重求解。请先走 E 上的一步，再求解。
svm-status-cancelled = 求解已取消。尚未针对当前权重求解：按“求解 p_mm”重新开始。
svm-status-solving = 正在求解注意力 SVM…
svm-status-failed = 求解失败；请看上方的消息。
svm-status-hard = 硬间隔：每条评论都能选中它的词元
svm-status-soft-no-cycle = 软间隔（C = { $c }）：硬间隔未能满足全部约束（没有环；当 d < V 时可能不可行）
svm-status-soft-cycles = 软间隔（C = { $c }）：硬间隔问题不可行（存在环）
svm-problem-none = 无
svm-problem-hard = 硬间隔
svm-problem-soft = 软间隔（合页损失，C）
svm-yes = 是
svm-no = 否
svm-solver = { $epochs }，{ $gap }
svm-solver-not-converged = { $epochs }，{ $gap }（未收敛）
svm-cycles-more = … 另有 { $more } 个

## Views: the review viewer's caption and the review list (web/src/ui/review-*.ts)

review-total = / { $total }
review-your-text = 你的文本
review-caption = 标签 { $label } · logit f(X) { $logit }（预测 { $prediction }） · 被选词元上的注意力 { $attention }
review-list-status-train = { $total } 条训练评论中有 { $matched } 条匹配；显示第 { $first }–{ $last } 条。
review-list-status-test = { $total } 条测试评论中有 { $matched } 条匹配；显示第 { $first }–{ $last } 条。
review-list-none-train = { $total } 条训练评论中有 { $matched } 条匹配。
review-list-none-test = { $total } 条测试评论中有 { $matched } 条匹配。
review-list-open = 在查看器中打开第 { $number } 条评论
review-badge-positive = 标签：正面
review-badge-negative = 标签：负面
review-badge-predicts-positive = 预测：正面 { $mark }
review-badge-predicts-negative = 预测：负面 { $mark }
review-badge-logit = logit f(X) = { $logit }
review-badge-on-selected = 最高注意力在 S_i 内
review-badge-off-selected = 最高注意力在 S_i 外
review-badge-selected-title = 注意力最高的词是否为被选（加框）词元之一

## Views: the token table (web/src/ui/token-table.ts)

token-column-token = 词元
token-column-count = 次数
token-sort = 按 { $column } 排序
token-status-none = 尚无数据集。
token-status = 显示 { $tokens } 个词元中的 { $shown } 个。选择一个词元，即可在散点图中圈出它并列出包含它的评论。
token-status-search = 显示 { $tokens } 个匹配搜索的词元中的 { $shown } 个。选择一个词元，即可在散点图中圈出它并列出包含它的评论。
token-chosen-title = 已选中：再按一次取消
token-choose-title = 在图表中圈出这个词元

## Views: the dataset card (web/src/ui/dataset-panel.ts)

dataset-summary = { $source }（{ $format }）：{ $rows } 行，训练 { $train } 条（正面 { $positive }，负面 { $negative }），测试 { $test } 条；词表 { $vocabulary } 个词元，训练词元 { $tokens } 个。
dataset-summary-no-test = { $source }（{ $format }）：{ $rows } 行，训练 { $train } 条（正面 { $positive }，负面 { $negative }），无测试划分；词表 { $vocabulary } 个词元，训练词元 { $tokens } 个。
dataset-content-hash = 内容哈希 { $hash }。
dataset-dropped = 丢弃了 { $rows } 行：
dataset-origin-preset = 自定义（{ $name } 的 Hugging Face 样本，种子 { $seed }）：{ $source }
dataset-origin-file = 自定义（文件）：{ $source }
dataset-origin-url = 自定义（URL）：{ $source }
dataset-need-label = 此链接需要的数据
dataset-need-file = 此链接是用 { $name }（{ $rows } 行，内容哈希 { $hash }）生成的。把该文件拖到页面上或在这里选择它，即可复现这次运行；加载前会先校验。
dataset-need-pick = 选择 { $name }
dataset-need-url = 此链接从 { $host } 下载 { $url }（{ $rows } 行）。要下载吗？下载后会用内容哈希 { $hash } 校验。
dataset-need-preset = 此链接从 Hugging Face 抽取 { $title } 的 { $rows } 行样本（种子 { $seed }）。要下载吗？下载后会用内容哈希 { $hash } 校验。
dataset-need-download-from = 从 { $host } 下载
dataset-need-download-sample = 下载样本
dataset-need-nothing = 在提供链接所需的数据之前，不会加载任何内容。
dataset-need-builtin = 改为打开内置的电影评论
dataset-need-keeps = 在此之前，实验室保留 { $name } 及其运行。
dataset-limits = 上限：每个输入 { $megabytes } MB，{ $reviews } 条评论，{ $tokens } 个词元，词表 { $vocabulary }，d 最大 { $width }，权重 { $weights } 个（词表 × d）。更大的数据会被拒绝，并指出应调低的设置。

## Views: the dataset card's sources (web/src/ui/dataset-sources.ts)

dataset-url-label = CSV、TSV 或 JSON Lines 文件的 URL
dataset-url-load = 从 URL 加载
dataset-url-invalid = 这不是一个 URL。
dataset-url-https = 只能加载 https:// 开头的 URL。
dataset-url-trust = 你的浏览器将从 { $host } 下载该文件。信任这个主机吗？
dataset-url-trust-file = 你的浏览器将从 { $host } 下载 { $file }。信任这个主机吗？
dataset-folder = 或者一个含 pos/ 和 neg/ 子文件夹的文件夹，每个文件一条评论（aclImdb）
dataset-drop = 也可以把文件或文件夹拖到页面任意位置。超过 256 MB 的文件会被拒绝。
dataset-export = 导出为 标签⇥文本
dataset-presets = 从 Hugging Face（{ $host }）抽取评论样本：
dataset-sample = 评论数
dataset-preset-title = 来自 { $host } 的 { $dataset }（{ $split }）
preset-imdb = IMDB 电影评论
preset-yelp = Yelp 极性
preset-sst2 = SST-2 句子
preset-rotten-tomatoes = 烂番茄短评
dataset-progress = { $task }：{ $amount }
dataset-progress-megabytes = { NUMBER($done, minimumFractionDigits: 1, maximumFractionDigits: 1) } MB
dataset-progress-megabytes-of = { NUMBER($done, minimumFractionDigits: 1, maximumFractionDigits: 1) } / { NUMBER($total, minimumFractionDigits: 1, maximumFractionDigits: 1) } MB

## Views: the settings form (web/src/ui/settings-form.ts). Each setting of core's field table
## (core/src/config_fields.cpp) shown in the form has setting-<key> (its label) and
## setting-<key>-help; tests/web/catalog.test.ts checks that every one does.

settings-group-data = 数据
settings-group-synthetic = 合成数据
settings-group-model = 模型与初始化
settings-group-protocol = 训练协议
settings-group-svm = 注意力 SVM（p_mm）
settings-custom-data = 自定义：{ $name }，{ $rows } 行
setting-dataset = 数据集
setting-dataset-help = 内置数据集、合成数据生成器，或你自己的数据（文件、URL 或 Hugging Face 样本），链接按其内容哈希来指认它。
setting-test_fraction = 测试占比
setting-test_fraction-help = 留作测试的评论所占比例（按种子划分）。
setting-max_reviews = 评论数上限
setting-max_reviews-help = 最多随机抽取这么多条评论；0 表示全部保留。
setting-max_tokens = 每条评论的词元上限
setting-max_tokens-help = 只保留每条评论开头的这么多个词元；0 表示全部保留。
setting-min_count = 最少出现次数
setting-min_count-help = 在训练集中出现次数少于此值的词会变成 <unk>。
setting-max_vocab = 词表上限
setting-max_vocab-help = 最多保留这么多个词元（按频率从高到低），包括 <unk>。
setting-max_doc_share = 文档占比上限
setting-max_doc_share-help = 出现在超过此比例训练评论中的词会变成 <unk>（1 表示全部保留）；0.1 会去掉停用词和标点，使每条评论的被选词元都是真正的词。
setting-drop_unknown = 删除未知词
setting-drop_unknown-help = 词表之外的词直接从评论中删除，而不是变成 <unk>，这样就不会有一个汇总的 <unk> 词元成为每条评论的被选词元。
setting-lowercase = 转为小写
setting-lowercase-help = 把 ASCII 字母转为小写。
setting-remove_stop_words = 去除停用词
setting-remove_stop_words-help = 计数之前去掉常见的英语功能词（the、and、of ……）。
setting-synthetic_reviews = 合成评论数
setting-synthetic_reviews-help = 合成数据生成器生成的评论条数。
setting-synthetic_feasible = 成对评论，极性词只来自一个类别
setting-synthetic_feasible-help = 评论成对出现（相同的中性词，极性词只来自该评论所属的类别），没有标签噪声。保留全部词时，“必须胜过”关系图无环，注意力 SVM 可行（d >= V）；若某个截断去掉了一个极性词（默认的 max_doc_share 0.2 会去掉最常见的那个），就会有评论落在环上。最大间隔面板会说明属于哪种情况。
setting-synthetic_label_noise = 标签噪声
setting-synthetic_label_noise-help = 合成评论的标签被翻转的概率（不可行模式）。
setting-width = d（嵌入宽度）
setting-width-help = 词元嵌入 E_s、p 和 v 的宽度。
setting-sigma = σ（初始尺度）
setting-sigma-help = E(0) 的元素服从 N(0, σ²/d)。σ 越小，一步对齐越精确。
setting-seed = 随机种子
setting-seed-help = 决定数据划分、E(0)、v 和小批量：种子相同，运行就相同。
setting-protocol = 协议
setting-protocol-help = paper：先在 E 上走一步梯度下降，再冻结 E 运行 p 上的梯度流。joint：同时训练 E 和 p。
setting-eta = η（E 上的一步）
setting-eta-help = 论文在 E 上那唯一一步梯度的步长；预测斜率为 η/2 ‖v‖²。
setting-flow_step = 梯度流步长规则
setting-flow_step-help = p 上的梯度流如何离散化：固定长度、步长 r/L，或回溯线搜索。
setting-flow_rate = 梯度流速率 r
setting-flow_rate-help = p 上梯度流的步长（growing 和 Armijo 规则的基础步长）。
setting-flow_acyclic_only = 梯度流只用无环评论
setting-flow_acyclic_only-help = p 上的梯度流只在注意力 SVM 约束不在环上的评论上训练，理论在这些评论上预测其极限为 p_mm。
setting-optimizer = 优化器
setting-optimizer-help = 联合协议：全批量梯度下降、小批量 SGD 或 Adam。
setting-learning_rate = 学习率
setting-learning_rate-help = 联合协议：优化器的步长。
setting-batch_size = 批量大小
setting-batch_size-help = 联合协议中的 SGD 和 Adam：每步使用的评论数；0 表示全批量。
setting-train_v = 训练 v
setting-train_v-help = 联合协议：同时训练输出向量 v（理论中它是固定的）。
setting-steps = 每次运行的步数
setting-steps-help = 按“播放”后运行多少步才停止。
setting-svm_c = C（软间隔）
setting-svm_c-help = 注意力 SVM 不可行时，对被违反约束的惩罚。

## Views: the worker's tasks, as the progress line and Cancel name them (web/src/worker/)

task-building = 正在构建数据集
task-rebuilding = 正在按新设置重建数据集
task-solving = 正在求解 p_mm
task-solving-stage = 正在求解 p_mm（{ $stage ->
        [all_soft] 全部评论，软间隔
        [acyclic_hard] 无环评论，硬间隔
        [acyclic_soft] 无环评论，软间隔
       *[all_hard] 全部评论，硬间隔
    }，第 { $sweep } 轮扫描）
task-reading = 正在读取 { $name }
task-downloading = 正在下载 { $name }
task-sampling = 正在抽取 { $name } 的样本
progress-files = ：{ $done } / { $total } 个文件
progress-reviews = ：{ $done } / { $total } 条评论
progress-updates = ：{ $done } / { $total } 次更新
dataset-progress-files = { $done } 个文件
dataset-progress-files-of = { $done } / { $total } 个文件
dataset-progress-reviews = { $done } 条评论
dataset-progress-reviews-of = { $done } / { $total } 条评论

## Views: the flow's own att-SVM solved at a run's end, its progress and Cancel (web/src/worker/training.ts, the CLI's stderr)

task-local-svm = 正在求解 p_local，即第 { $step } 步梯度流选择的注意力 SVM
task-local-svm-progress = 正在求解 p_local，即第 { $step } 步梯度流选择的注意力 SVM：第 { $sweep } 轮扫描，{ $constraints } 个约束中 { $active } 个活跃，对偶间隙 { NUMBER($gap, maximumSignificantDigits: 2) }（降到 { $tolerance } 即完成）
task-local-svm-progress-no-gap = 正在求解 p_local，即第 { $step } 步梯度流选择的注意力 SVM：第 { $sweep } 轮扫描，{ $constraints } 个约束中 { $active } 个活跃，对偶间隙尚非有限值（降到 { $tolerance } 即完成）
readout-result2-local-cancelled = 第 { $step } 步的 p_local：已取消
metrics-local-cancelled = 已取消

## Views: the review's computation, token by token (web/src/ui/review-computation.ts)

flow-mark-top = 最高
flow-in-selected = （在 S_i 中）
flow-head-token = 词元
flow-head-order = 按 s_t 从大到小
flow-step-score = 1 打分
flow-step-softmax = 2 softmax
flow-step-value = 3 取值
flow-step-weigh = 4 加权
flow-plain-score = p 对它的偏好程度
flow-plain-softmax = 它分得的注意力
flow-plain-value = 它的投票：+ 或 −
flow-plain-weigh = 它对 f 的贡献
flow-no-token = 这条评论中没有任何词元在模型里。
flow-others = 其余 { $others } 个词元
flow-guide = 从左往右读：p 给每个词元打分（1），softmax 把分数变成总和为 100% 的权重（2），v 给每个词元一票（3），每一票按其权重计入（4），加权后的票相加得到 f，其符号就是预测。s* 标出理论选中的词元，“最高”标出注意力最高的词元。
flow-caption = 模型在这条评论上的计算：每个词元的分数 a_t、注意力权重 s_t、值 b_t 以及 s_t·b_t，它们之和为 f
flow-region = 逐个词元的计算过程
flow-show-largest = 只显示权重最大的 { $shown } 个
flow-show-all = 显示全部 { $tokens } 个词元
flow-predicts = 预测
flow-no-label = （你的文本没有标签）
flow-true-label = 真实标签
flow-correct = ✓ 正确
flow-wrong = ✗ 错误
flow-y-predicted = y·b_t 最大者，其中 y = { $y }，即预测的符号
flow-y-label = y·b_t 最大者，其中 y = { $y }，即标签
flow-theory-selects = 理论选中 s*
flow-model-attends = 模型关注的是
flow-model-why = s_t 最大者，它随 a_t = p·E_t 而定
flow-agree = 两者一致：注意力最高的词元正是理论选中的词元之一（在 S_i 中）。
## What the page holds (issue 40, item 2): the metrics panel's last two read-outs
## (web/src/ui/memory-readout.ts), from the worker's Lab.memory().

memory-model-label = 模型大小
memory-model-hint = 实验训练的权重：E（V × d）、p 和 v（各 d 个），以 32 位浮点数存储。
memory-model-value = { $vocab } × { $width } + 2 × { $width } = { $weights } 个权重，{ $mib } MiB（{ $bytes } 字节）
memory-model-none = 不适用（尚未加载数据）
memory-heap-label = 当前 wasm 堆
memory-heap-hint = wasm 模块的内存：模型、评论、求解器的表。加载或求解需要更多时会增长，且从不缩小。
memory-heap-value = { $mib } MiB（{ $bytes } 字节）

## The dataset preview (shown before a file, folder, URL or sample loads)

preview-title = 预览：{ $name }
preview-confirm = 加载并重置训练
preview-latin1 = 按 Latin-1（Windows-1252）解码并重试
preview-latin1-note = 这些字节不是 UTF-8。Excel 和 Windows 工具的较早导出常为 Windows-1252；解码会保留每个字符。
preview-format = 格式
preview-detect = 自动检测（{ $found }）
preview-text-column = 文本列
preview-label-column = 标签列
preview-stars = 星级阈值
preview-stars-title = 高于阈值的星级为正面，低于为负面，等于则丢弃（1-5 分制；1-10 分的列按比例换算）。
preview-format-fact = 格式 { $format }，{ $encoding }。
preview-columns-fact = 文本取自“{ $text }”，标签取自“{ $label }”：{ $mapping }。
preview-balance = { $rows } 条评论：{ $positive } 条正面，{ $negative } 条负面。
preview-dropped = 丢弃了 { $rows } 行：{ $reasons }。
preview-reason-separator = {"；"}
preview-rows-caption = 前 { $rows } 行，文本已截短
preview-column-label = 标签
preview-column-text = 文本
preview-columns-first = 列出 { $columns } 列中的前 { $listed } 列；其余请搜索
preview-columns-matching = { $matched } 列中有 { $shown } 列包含“{ $query }”
preview-columns-search = 搜索 { $columns } 列
preview-columns-search-text = 在各列中搜索文本列
preview-columns-search-label = 在各列中搜索标签列

## A link's page keys the page could not use (the banner; the value is ignored)

link-key-malformed = { $key }：值中的 %-转义格式错误；已忽略。
link-key-twice = { $key } 出现了两次；使用第一个值。
link-run-invalid = run：“{ $value }”不是整数步数；已忽略。
link-speed-invalid = speed：“{ $value }”不是 { $speeds } 步每秒中的任何一个（0：尽可能快）；已忽略。
link-lang-invalid = lang：“{ $value }”不是实验室支持的语言（en、es、zh-CN）；已忽略。
link-scorm-invalid = scorm：“{ $value }”不是 1.2 或 2004；已忽略。
link-panels-none = panels：没有指定任何面板（面板有 { $panels }）；显示整个实验室。
link-hide-all = hide：所有面板都会被隐藏，页面将为空；显示整个实验室。
link-panel-unknown = { $key }：未知面板“{ $name }”，已忽略。

## The training worker's errors (web/src/worker), said in the banner

error-no-preview = 没有可确认的数据集预览。
error-unknown-preset = 未知的预设数据集“{ $name }”。
error-lab-faulted = 实验室因故障停止；页面正在重启训练进程。
error-module-not-loaded = wasm 模块尚未加载。
error-needs-data =
    { $action ->
        [reset] 请先加载数据集再重置。
        [review] 请先加载数据集再显示评论。
        [score] 请先加载数据集再为评论打分。
        [list] 请先加载数据集再列出评论。
        [export] 请先加载数据集再导出数据。
        [activity] 请先加载数据集再开始活动。
        [replay] 请先加载数据集再重放链接。
        [step] 请先加载数据集再单步执行。
        [solve] 请先加载数据集再求解 p_mm。
        [save] 请先加载数据集再保存运行。
        [train] 请先加载数据集再训练。
       *[play] 请先加载数据集再播放。
    }
error-no-link-answer = 没有链接在等待关于数据的回答。
error-settings-not-compared = 无法比较设置：{ $reason }
error-no-link-file = 没有链接在等待文件：请从“数据集”卡片加载你自己的数据。
error-no-link-download = 没有链接在等待下载。
error-download-failed = 无法下载内置数据集“{ $name }”（{ $url }）：{ $reason }
error-download-cancelled-kept = 你取消了 { $file } 的下载：实验室保留 { $source } 及其运行。
error-download-cancelled-empty = 你取消了 { $file } 的下载：尚未加载任何数据：请选择数据集或加载文件。
error-run-not-saved = 运行未保存：{ $reason }。
error-run-not-loaded = 运行文件未加载：{ $reason }。
error-run-unreadable = 无法读取运行文件：{ $reason }。
error-run-not-applied = 运行文件未加载，没有任何改变：{ $reason }。
error-link-not-replayed = 链接的运行未重放：{ $reason }。
error-split-empty =
    { $split ->
        [test] 测试集为空。
       *[train] 训练集为空。
    }
error-faults-test-only = 只有测试构建才会注入故障。
error-too-large = { $name } 大小为 { $size }；大于 { $limit } 的文件无法加载（解析器会拒绝）。请抽取部分行，或拆分文件。
error-folder-too-large = 文件夹 { $name } 大小为 { $size }；大于 { $limit } 的文件无法加载（解析器会拒绝）。请抽取部分行，或拆分文件。
error-offline = 网络不可用：这台计算机处于离线状态，而{ $what ->
        [sample] 抽样 { $name }
       *[download] 下载 { $name }
    }需要 { $host }。请改为从计算机加载文件，或选择内置的电影或餐厅评论（“数据集”设置），它们离线也能使用。
error-unreachable = 网络不可用：{ $what ->
        [sample] 抽样 { $name }
       *[download] 下载 { $name }
    }需要 { $host }，但它没有响应（这台计算机可能离线，或者防火墙或该网站本身阻止了请求）。请改为从计算机加载文件，或选择内置的电影或餐厅评论（“数据集”设置），它们离线也能使用。
error-gzip-damaged = { $name } 是 gzip 压缩文件，但已损坏：{ $reason }
error-download-url = 无法下载 { $url }：{ $reason }
error-download-http = 无法下载 { $url }：HTTP { $status }
error-source-files = 收到 { $files } 个文件。需要一个评论文件（CSV、TSV、JSON Lines），或一对每行一条评论的 *.pos 和 *.neg 文件，或一个包含 pos/ 和 neg/ 子文件夹、每个文件一条评论的文件夹。
error-rows-http = { $name }：行 API 返回 HTTP { $status }：“{ $reason }”
error-rows-no-array = { $name }：行 API 的回答中没有“rows”数组
error-rows-bad-row = { $name } 第 { $row } 行：需要字符串“{ $field }”和数字“label”
module-fault-memory = 实验室内存不足（wasm 堆上限为 2 GB）：{ $detail }。训练进程将以最后成功加载的数据集和设置重启。再次尝试前请降低 max_reviews、max_vocab 或 d。
module-fault-internal = 实验室因内部错误停止：{ $detail }。训练进程将以最后成功加载的数据集和设置重启。

## The training worker stopped, or is slow (the banner)

worker-gone-terminated = 它被终止了
worker-gone-error = 未捕获的错误（{ $detail }）
worker-gone-unreadable = 无法读取一条消息
worker-gone-hung = 它 { $seconds } 秒没有响应（卡在一次计算中）
worker-gone-stopped-busy = 你在“{ $task }”运行时停止了它（超过 { $seconds } 秒）
worker-stopped = 训练进程已停止：{ $reason }。请用相同的设置和数据重启它。
worker-restart = 重启
worker-restarted = 训练进程已停止：{ $reason }。它已重启并重放到第 { $step } 步。
worker-restarted-interrupted = 训练进程已停止：{ $reason }。它已重启并重放到新数据之前那次运行的第 { $step } 步；那些数据没有加载（再次加载可重试）。
worker-slow = { $task }耗时超出预期：已用 { $seconds } 秒，预计约 { $estimate } 秒（计算机可能正忙）。训练进程仍在计算，完成后会继续。
worker-slow-stop = 停止并保留运行
